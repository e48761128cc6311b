import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveMember } from '../test-support/accounts';
import {
  completeProfile,
  createMemberWithProfile,
  imageFile,
  sendForm,
  type UploadFile,
} from '../test-support/profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { IMAGE_UPLOADS_PER_HOUR } from './images';

/** A flat 16-bit PNG: a few hundred KB on the wire, width × height pixels to decode. */
const png16 = async (width: number, height: number): Promise<UploadFile> => ({
  field: 'image',
  name: 'scan.png',
  type: 'image/png',
  data: await sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer(),
});

describe('image uploads: pixel limit, 16-bit input, decoding in turn', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  it('refuses an image over 24 megapixels with a clear 400, from its header', async () => {
    const member = await createMemberWithProfile(t.app);
    const bomb = await png16(7000, 7000);
    expect(bomb.data.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const refused = await sendForm(t.app, member.access, 'POST', '/api/posts/', { text: 'Scan' }, bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'image_too_many_pixels',
      error: expect.stringContaining('24 megapixels'),
      fields: { image: expect.stringContaining('24 megapixels') },
    });
    // Decoding 49 million 16-bit pixels takes seconds; reading the header does not.
    expect(Date.now() - started).toBeLessThan(1000);
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/posts/?limit=50',
      headers: { authorization: `Bearer ${member.access}` },
    });
    // Only this member's posts: on PostgreSQL the database is shared with the other test files.
    expect(
      feed.json<{ results: { is_author: boolean }[] }>().results.filter((post) => post.is_author),
    ).toHaveLength(0);
  });

  it('accepts a 16-bit image within the limit and stores it as an ordinary 8-bit WebP', async () => {
    const member = await createMemberWithProfile(t.app);
    const created = await sendForm(
      t.app,
      member.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Scan', description: 'A scan' },
      await png16(3000, 2000),
    );
    expect(created.statusCode).toBe(201);
    const stored = await t.app.inject({
      method: 'GET',
      url: created.json<{ image_url: string }>().image_url,
      headers: { authorization: `Bearer ${member.access}` },
    });
    expect(stored.statusCode).toBe(200);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', depth: 'uchar', width: 2048 });
  });

  it('16 large uploads at once do not starve a login: images are decoded two at a time', async () => {
    const uploader = await createMemberWithProfile(t.app);
    const other = await createActiveMember(t.app);
    const large = await png16(6000, 4000);
    let finished = 0;
    const uploads = Array.from({ length: 16 }, (_, index) =>
      sendForm(t.app, uploader.access, 'POST', '/api/posts/', { text: `Scan ${index}` }, large).then(
        (response) => {
          finished += 1;
          return response.statusCode;
        },
      ),
    );
    // Let the uploads reach the decoder.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: other.email, password: other.password },
    });
    const elapsed = Date.now() - started;
    const finishedDuringLogin = finished;
    expect(login.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(1500);
    // The login was measured while the uploads were still being worked through.
    expect(finishedDuringLogin).toBeLessThan(16);
    expect(await Promise.all(uploads)).toEqual(Array.from({ length: 16 }, () => 201));
  });
});

describe('a bounded queue in front of the decoder (IMAGE_QUEUE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Two uploads decode, one may wait; the default is 16 waiting.
    t = await createTestApp({ IMAGE_QUEUE_LIMIT: '1' });
  });
  afterAll(async () => t.cleanup());

  it('refuses uploads beyond the waiting ones with 503 server_busy and Retry-After, then accepts again', async () => {
    const member = await createMemberWithProfile(t.app);
    const large = await png16(4000, 3000);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        sendForm(t.app, member.access, 'POST', '/api/posts/', { text: `Scan ${index}` }, large),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // The six arrive within milliseconds; decoding one takes far longer, so at most three fit.
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(3);
    expect(accepted).toBeLessThan(6);
    const busy = responses.find((response) => response.statusCode === 503)!;
    expect(busy.json()).toEqual({
      code: 'server_busy',
      error: 'The server is busy processing other images. Please try again in a few seconds.',
    });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    // A refused upload stored nothing; once the queue has drained, uploads are accepted again.
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/posts/?limit=50',
      headers: { authorization: `Bearer ${member.access}` },
    });
    expect(
      feed.json<{ results: { is_author: boolean }[] }>().results.filter((post) => post.is_author),
    ).toHaveLength(accepted);
    expect(
      (await sendForm(t.app, member.access, 'POST', '/api/posts/', { text: 'Later' }, await imageFile()))
        .statusCode,
    ).toBe(201);
  });
});

describe('per-member upload limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => t.cleanup());

  it(`allows ${IMAGE_UPLOADS_PER_HOUR} images an hour per member across posts, gallery and photo, then 429`, async () => {
    const member = await createMemberWithProfile(t.app);
    const neighbour = await createMemberWithProfile(t.app);
    const picture = await imageFile();
    const targets = [
      () => sendForm(t.app, member.access, 'POST', '/api/posts/', { text: 'Picture' }, picture),
      () =>
        sendForm(
          t.app,
          member.access,
          'POST',
          '/api/gallery/images/',
          { title: 'Picture', description: '' },
          picture,
        ),
    ];
    for (let upload = 0; upload < IMAGE_UPLOADS_PER_HOUR; upload += 1) {
      const response = await targets[upload % 2]!();
      expect(response.statusCode, `upload ${upload + 1}`).toBe(201);
    }
    const refused = await targets[0]!();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', error: expect.stringContaining('images') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const photo = await sendForm(
      t.app,
      member.access,
      'PUT',
      '/api/profile/',
      completeProfile(),
      await imageFile('photo'),
    );
    expect(photo.statusCode).toBe(429);
    // A post without a picture is not an upload, and other members are not affected.
    expect(
      (await sendForm(t.app, member.access, 'POST', '/api/posts/', { text: 'Words only' })).statusCode,
    ).toBe(201);
    expect(
      (await sendForm(t.app, neighbour.access, 'POST', '/api/posts/', { text: 'Mine' }, picture)).statusCode,
    ).toBe(201);
  });
});
