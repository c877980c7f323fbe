import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_MESSAGES, IMAGE_MAX_BYTES } from '#common/creators.ts';
import { call, createUser, db, messageOf as message, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { formWith, jpeg, png, webp } from '#worker/test/images.ts';
import { inspectImage } from './image';

beforeAll(seedCatalog);

const upload = (path: string, form: FormData, cookie?: string) =>
  call(`/api/media/${path}`, { method: 'PUT', body: form, cookie });
const storedKeys = async () => (await env.MEDIA!.list()).objects.map((o) => o.key).sort();
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );

/** Agent 1 (LeadScout Pro) belongs to alice (user 1) in the seeded catalogue. */
const alice = () => signIn(1);

describe('inspectImage', () => {
  it('reads type and size from the bytes of PNG, JPEG and WebP', () => {
    expect(inspectImage(png(640, 400))).toEqual({ type: 'image/png', extension: 'png', width: 640, height: 400 });
    expect(inspectImage(jpeg(300, 200))).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 300, height: 200 });
    expect(inspectImage(webp(1280, 800))).toEqual({ type: 'image/webp', extension: 'webp', width: 1280, height: 800 });
  });

  it('refuses what only starts like an image', () => {
    const pngBytes = png(640, 400);
    const behindJpegMarker = new Uint8Array([0xff, 0xd8, 0xff, ...pngBytes]);
    expect(inspectImage(behindJpegMarker)).toBeNull();
    expect(inspectImage(pngBytes.slice(0, 40))).toBeNull(); // truncated: no IEND
    expect(inspectImage(webp(100, 100).slice(0, 28))).toBeNull();
    expect(inspectImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('PUT /api/media/agents/:id/cover', () => {
  it('refuses wrong bytes whatever the name and the declared type, and stores nothing', async () => {
    const cookie = await alice();
    const cases: [string, Uint8Array<ArrayBuffer> | string, string, string][] = [
      [
        'a PNG renamed .webp behind a JPEG header',
        new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...png(640, 400)]),
        'cover.webp',
        'image/jpeg',
      ],
      [
        'an SVG',
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><script>alert(1)</script></svg>',
        'cover.svg',
        'image/svg+xml',
      ],
      ['an HTML file', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'cover.png', 'image/png'],
    ];
    for (const [what, bytes, name, type] of cases) {
      const res = await upload('agents/1/cover', formWith({ cover: [bytes, name, type] }), cookie);
      expect(res.status, what).toBe(415);
      expect(await message(res), what).toBe(CREATOR_MESSAGES.imageType);
    }
    expect(await storedKeys()).toEqual([]);
    const agent = await db().prepare('SELECT image_url, thumbnail_url FROM agents WHERE id = 1').first();
    expect(agent).toEqual({ image_url: null, thumbnail_url: null });
  });

  it('refuses 2 MB + 1 byte (413) and accepts exactly 2 MB', async () => {
    const cookie = await alice();
    const tooLarge = png(640, 400, IMAGE_MAX_BYTES + 1 - png(640, 400, 0).length);
    expect(tooLarge.length).toBe(IMAGE_MAX_BYTES + 1);
    const res = await upload('agents/1/cover', formWith({ cover: [tooLarge, 'big.png', 'image/png'] }), cookie);
    expect(res.status).toBe(413);
    expect(await message(res)).toBe(CREATOR_MESSAGES.imageTooLarge);
    expect(await storedKeys()).toEqual([]);

    const largest = png(640, 400, IMAGE_MAX_BYTES - png(640, 400, 0).length);
    const ok = await upload('agents/1/cover', formWith({ cover: [largest, 'big.png', 'image/png'] }), cookie);
    expect(ok.status).toBe(200);
    await call('/api/media/agents/1/cover', { method: 'DELETE', cookie });
    expect(await storedKeys()).toEqual([]);
  }, 30_000);

  it("refuses someone else's agent (403), a visitor (401) and a missing agent (404), storing nothing", async () => {
    const form = () => formWith({ cover: [webp(1280, 800), 'cover.webp', 'image/webp'] });
    const stranger = await signIn((await createUser()).id);
    const res = await upload('agents/1/cover', form(), stranger);
    expect(res.status).toBe(403);
    expect(await message(res)).toBe(CREATOR_MESSAGES.imageOwner);
    expect((await upload('agents/1/cover', form())).status).toBe(401);
    expect((await upload('agents/999/cover', form(), stranger)).status).toBe(404);
    expect((await call('/api/media/agents/1/cover', { method: 'DELETE', cookie: stranger })).status).toBe(403);
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses pictures too small or too large in pixels (422) and a form without a file (400)', async () => {
    const cookie = await alice();
    const small = await upload('agents/1/cover', formWith({ cover: [webp(32, 800), 'c.webp', 'image/webp'] }), cookie);
    expect(small.status).toBe(422);
    expect(await message(small)).toBe(CREATOR_MESSAGES.imageDimensions);
    expect(
      (await upload('agents/1/cover', formWith({ cover: [webp(5000, 800), 'c.webp', 'image/webp'] }), cookie)).status,
    ).toBe(422);
    const none = await call('/api/media/agents/1/cover', { method: 'PUT', json: { cover: 'x' }, cookie });
    expect(none.status).toBe(400);
    expect(await message(none)).toBe(CREATOR_MESSAGES.imageMissing);
    expect(await storedKeys()).toEqual([]);
  });

  it('stores cover and thumbnail under content-hashed keys and serves them with their type, a year of cache and nosniff', async () => {
    const cookie = await alice();
    const [cover, thumbnail] = [webp(1280, 800, 1), webp(640, 400, 1)];
    const res = await upload(
      'agents/1/cover',
      formWith({ cover: [cover, 'x.png', 'image/png'], thumbnail: [thumbnail, 't.jpg', 'image/jpeg'] }),
      cookie,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { imageUrl: string; thumbnailUrl: string };
    expect(body).toEqual({
      imageUrl: `/media/covers/${await sha256(cover)}.webp`,
      thumbnailUrl: `/media/thumbs/${await sha256(thumbnail)}.webp`,
    });
    expect(await storedKeys()).toEqual(
      [`covers/${await sha256(cover)}.webp`, `thumbs/${await sha256(thumbnail)}.webp`].sort(),
    );
    const stored = await env.MEDIA!.head(`covers/${await sha256(cover)}.webp`);
    expect(stored?.httpMetadata?.contentType).toBe('image/webp');

    const served = await call(body.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(cover);
    // The agent (and so its cards) carry both.
    expect(await (await call('/api/agents/1')).json()).toMatchObject(body);
    // Unknown keys and paths that are not keys are plain 404s.
    expect((await call(`/media/covers/${'0'.repeat(64)}.webp`)).status).toBe(404);
    expect((await call('/media/../wrangler.toml')).status).toBe(404);
  });

  it('takes the type from the bytes: a real PNG called .webp and sent as image/webp is stored as a PNG', async () => {
    const cookie = await alice();
    const bytes = png(800, 500, 32);
    const res = await upload('agents/1/cover', formWith({ cover: [bytes, 'photo.webp', 'image/webp'] }), cookie);
    const body = (await res.json()) as { imageUrl: string; thumbnailUrl: string };
    expect(body.imageUrl).toBe(`/media/covers/${await sha256(bytes)}.png`);
    // Without a thumbnail the cover serves both.
    expect(body.thumbnailUrl).toBe(body.imageUrl);
    expect((await call(body.imageUrl)).headers.get('Content-Type')).toBe('image/png');
  });

  it('replacing a cover removes the old objects; removing it removes them too', async () => {
    const cookie = await alice();
    await upload(
      'agents/1/cover',
      formWith({
        cover: [webp(1280, 800, 2), 'a.webp', 'image/webp'],
        thumbnail: [webp(640, 400, 2), 'a.webp', 'image/webp'],
      }),
      cookie,
    );
    const first = await storedKeys();
    const second = [webp(1280, 800, 3), webp(640, 400, 3)] as const;
    await upload(
      'agents/1/cover',
      formWith({ cover: [second[0], 'b.webp', 'image/webp'], thumbnail: [second[1], 'b.webp', 'image/webp'] }),
      cookie,
    );
    const now = await storedKeys();
    expect(now).toEqual([`covers/${await sha256(second[0])}.webp`, `thumbs/${await sha256(second[1])}.webp`].sort());
    for (const key of first) expect(now).not.toContain(key);
    const removed = await call('/api/media/agents/1/cover', { method: 'DELETE', cookie });
    expect(await removed.json()).toEqual({ imageUrl: null, thumbnailUrl: null });
    expect(await storedKeys()).toEqual([]);
  });

  it('keeps an object another agent still shows (same picture, same key)', async () => {
    await db()
      .prepare(
        "INSERT INTO agents (id, name, description, category_id, creator_id) VALUES (50, 'Twin', 'Same cover as LeadScout.', 1, 1)",
      )
      .run();
    const cookie = await alice();
    const same = () => formWith({ cover: [webp(1280, 800, 9), 'a.webp', 'image/webp'] });
    await upload('agents/1/cover', same(), cookie);
    await upload('agents/50/cover', same(), cookie);
    await call('/api/media/agents/1/cover', { method: 'DELETE', cookie });
    expect(await storedKeys()).toEqual([`covers/${await sha256(webp(1280, 800, 9))}.webp`]);
    await call('/api/media/agents/50/cover', { method: 'DELETE', cookie });
    expect(await storedKeys()).toEqual([]);
  });
});

describe('PUT /api/media/profile-picture', () => {
  it("sets the caller's own picture, shows it in the public profile and the session, replaces and removes it", async () => {
    const me = await createUser({ username: 'pictured_pia' });
    const cookie = await signIn(me.id);
    expect(
      (await upload('profile-picture', formWith({ picture: [jpeg(256, 256), 'me.jpg', 'image/jpeg'] }))).status,
    ).toBe(401);
    const first = await upload(
      'profile-picture',
      formWith({ picture: [jpeg(256, 256), 'me.jpg', 'image/jpeg'] }),
      cookie,
    );
    expect(first.status).toBe(200);
    const { profilePicture } = (await first.json()) as { profilePicture: string };
    expect(profilePicture).toBe(`/media/avatars/${await sha256(jpeg(256, 256))}.jpg`);
    expect((await call(profilePicture)).headers.get('Content-Type')).toBe('image/jpeg');
    expect(await (await call(`/api/users/${me.id}`)).json()).toMatchObject({ profilePicture });
    expect(await (await call('/api/auth/session', { cookie })).json()).toMatchObject({ profilePicture });

    const html = await upload(
      'profile-picture',
      formWith({ picture: ['<html><script>x</script></html>', 'me.jpg', 'image/jpeg'] }),
      cookie,
    );
    expect(html.status).toBe(415);
    expect(await (await call(`/api/users/${me.id}`)).json()).toMatchObject({ profilePicture });

    await upload('profile-picture', formWith({ picture: [webp(256, 256, 4), 'me.webp', 'image/webp'] }), cookie);
    expect((await storedKeys()).filter((k) => k.startsWith('avatars/'))).toEqual([
      `avatars/${await sha256(webp(256, 256, 4))}.webp`,
    ]);
    expect((await call(profilePicture)).status).toBe(404);
    await call('/api/media/profile-picture', { method: 'DELETE', cookie });
    expect((await storedKeys()).filter((k) => k.startsWith('avatars/'))).toEqual([]);
  });

  it('refuses a cross-site upload', async () => {
    const cookie = await signIn((await createUser()).id);
    const res = await call('/api/media/profile-picture', {
      method: 'PUT',
      body: formWith({ picture: [webp(256, 256), 'a.webp', 'image/webp'] }),
      cookie,
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await storedKeys()).toEqual([]);
  });
});
