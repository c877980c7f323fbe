import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Footer } from './footer';

it('is the element the page’s head holds its first rendering for, so a page is first painted whole', () => {
  // app/index.html, as the worker serves it around every server-rendered page (docs/decisions/0054).
  const head = readFileSync('app/index.html', 'utf8').split('</head>')[0]!;
  const held = /<link rel="expect" href="#([\w-]+)" blocking="render"/.exec(head);
  expect(held).not.toBeNull();
  const { container } = render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <Footer />
    </Router>,
  );
  expect(container.querySelector(`footer#${held![1]}`)).not.toBeNull();
});
