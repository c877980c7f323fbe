import { describe, expect, it } from 'vitest';
import { featureList, PLACEHOLDER_FEATURES } from './features';
import { demoVideoUrl, videoHostName } from './video';

describe('featureList', () => {
  it('accepts a list, a JSON list or raw text', () => {
    expect(featureList(['A', ' B '])).toEqual({ items: ['A', 'B'], placeholder: false });
    expect(featureList('["One","Two"]')).toEqual({ items: ['One', 'Two'], placeholder: false });
    expect(featureList('[not json')).toEqual({ items: ['[not json'], placeholder: false });
    expect(featureList('Just one thing')).toEqual({ items: ['Just one thing'], placeholder: false });
  });

  it('falls back to three placeholders', () => {
    expect(featureList([])).toEqual({ items: PLACEHOLDER_FEATURES, placeholder: true });
    expect(featureList(null).items).toHaveLength(3);
  });
});

describe('demo video links', () => {
  it('names video-sharing hosts and nothing else', () => {
    expect(videoHostName(demoVideoUrl('https://www.youtube.com/watch?v=x')!)).toBe('YouTube');
    expect(videoHostName(demoVideoUrl('https://youtu.be/x')!)).toBe('YouTube');
    expect(videoHostName(demoVideoUrl('https://vimeo.com/1')!)).toBe('Vimeo');
    expect(videoHostName(demoVideoUrl('https://notyoutube.com/x')!)).toBeNull();
    expect(videoHostName(demoVideoUrl('https://cdn.example.com/demo.mp4')!)).toBeNull();
  });

  it('refuses addresses that are not web links', () => {
    expect(demoVideoUrl('javascript:alert(1)')).toBeNull();
    expect(demoVideoUrl('not a url')).toBeNull();
    expect(demoVideoUrl(null)).toBeNull();
  });
});
