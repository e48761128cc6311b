import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createActiveMember } from '../test-support/accounts';
import {
  completeProfile,
  createMemberWithProfile,
  imageFile,
  sendForm,
  type UploadFile,
} from '../test-support/profiles';
import { testAppWithMembers } from '../test-support/test-app-with-members';
import { allowedAgainst, timed } from '../test-support/timing';
import { IMAGE_UPLOADS_PER_HOUR, IMAGES_IN_FLIGHT_PER_MEMBER } from './images';

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
  const world = testAppWithMembers();

  it('refuses an image over 24 megapixels with a clear 400, from its header', async () => {
    const member = await createMemberWithProfile(world.app);
    // The reference: a one-megapixel image of the same kind, decoded and stored as a post.
    const ordinary = await timed(async () =>
      sendForm(
        world.app,
        member.access,
        'POST',
        '/api/posts/',
        { text: 'Small scan' },
        await png16(1000, 1000),
      ),
    );
    expect(ordinary.value.statusCode).toBe(201);
    const bomb = await png16(7000, 7000);
    expect(bomb.data.length).toBeLessThan(1024 * 1024);
    const { value: refused, ms: refusedMs } = await timed(() =>
      sendForm(world.app, member.access, 'POST', '/api/posts/', { text: 'Scan' }, bomb),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'image_too_many_pixels',
      error: expect.stringContaining('24 megapixels'),
      fields: { image: expect.stringContaining('24 megapixels') },
    });
    // Decoding 49 million 16-bit pixels takes seconds, dozens of times the one-megapixel image;
    // reading the header takes less than that image.
    expect(refusedMs).toBeLessThan(allowedAgainst(ordinary.ms, { factor: 2, floorMs: 1000 }));
    const feed = await world.app.inject({
      method: 'GET',
      url: '/api/posts/?limit=50',
      headers: { authorization: `Bearer ${member.access}` },
    });
    // Only this member's posts: on PostgreSQL the database is shared with the other test files.
    // The reference post is there; the refused one is not.
    expect(
      feed
        .json<{ results: { is_author: boolean; text: string }[] }>()
        .results.filter((post) => post.is_author)
        .map((post) => post.text),
    ).toEqual(['Small scan']);
  });

  it('accepts a 16-bit image within the limit and stores it as an ordinary 8-bit WebP', async () => {
    const member = await createMemberWithProfile(world.app);
    const created = await sendForm(
      world.app,
      member.access,
      'POST',
      '/api/gallery/images/',
      { title: 'Scan', description: 'A scan' },
      await png16(3000, 2000),
    );
    expect(created.statusCode).toBe(201);
    const stored = await world.app.inject({
      method: 'GET',
      url: created.json<{ image_url: string }>().image_url,
      headers: { authorization: `Bearer ${member.access}` },
    });
    expect(stored.statusCode).toBe(200);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', depth: 'uchar', width: 2048 });
  });

  it('16 large uploads at once do not starve a login: images are decoded two at a time', async () => {
    // Eight members with two each: a member has at most IMAGES_IN_FLIGHT_PER_MEMBER in hand.
    const uploaders = await Promise.all(
      Array.from({ length: 16 / IMAGES_IN_FLIGHT_PER_MEMBER }, () => createMemberWithProfile(world.app)),
    );
    const other = await createActiveMember(world.app);
    const signIn = () =>
      world.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: other.email, password: other.password },
      });
    const large = await png16(6000, 4000);
    let finished = 0;
    const upload = (index: number) =>
      sendForm(
        world.app,
        uploaders[index % uploaders.length]!.access,
        'POST',
        '/api/posts/',
        { text: `Scan ${index}` },
        large,
      ).then((response) => {
        finished += 1;
        return response.statusCode;
      });
    // The decodes that hold a worker thread, sampled all along: sharp counts the pipelines it is
    // running (a header read is not one), in this process, which runs this file alone. With the
    // limit there are never more than two, whatever else the machine is doing, so the password
    // check always finds a free thread of libuv's four; without it all four were taken and the
    // login waited 1.5–2.4 s (measured with the limit raised to 16).
    let mostDecoding = 0;
    const sampler = setInterval(() => {
      mostDecoding = Math.max(mostDecoding, sharp.counters().process);
    }, 1);
    try {
      const uploads = Array.from({ length: 16 }, (_, index) => upload(index));
      // Let the uploads reach the decoder.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const login = await signIn();
      const finishedDuringLogin = finished;
      expect(login.statusCode).toBe(200);
      // The login was answered while the uploads were still being worked through.
      expect(finishedDuringLogin).toBeLessThan(16);
      expect(await Promise.all(uploads)).toEqual(Array.from({ length: 16 }, () => 201));
      // Two at a time, and the sampler saw them.
      expect(mostDecoding).toBe(2);
    } finally {
      clearInterval(sampler);
    }
  });
});

describe('a bounded queue in front of the decoder (IMAGE_QUEUE_LIMIT)', () => {
  // Two uploads decode, one may wait; the default is 16 waiting.
  const world = testAppWithMembers({ environment: { IMAGE_QUEUE_LIMIT: '1' } });

  it('refuses uploads beyond the waiting ones with 503 server_busy and Retry-After, then accepts again', async () => {
    // Six members with one upload each: the queue, not a member's share, is what fills here.
    const members = await Promise.all(Array.from({ length: 6 }, () => createMemberWithProfile(world.app)));
    const member = members[0]!;
    const large = await png16(4000, 3000);
    const responses = await Promise.all(
      members.map((each, index) =>
        sendForm(world.app, each.access, 'POST', '/api/posts/', { text: `Scan ${index}` }, large),
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
    const stored = await Promise.all(
      members.map(async (each) => {
        const feed = await world.app.inject({
          method: 'GET',
          url: '/api/posts/?limit=50',
          headers: { authorization: `Bearer ${each.access}` },
        });
        return feed.json<{ results: { is_author: boolean }[] }>().results.filter((post) => post.is_author)
          .length;
      }),
    );
    expect(stored.reduce((sum, count) => sum + count, 0)).toBe(accepted);
    expect(
      (await sendForm(world.app, member.access, 'POST', '/api/posts/', { text: 'Later' }, await imageFile()))
        .statusCode,
    ).toBe(201);
  });
});

/**
 * Issue 32 (9): one member's burst of uploads once filled the whole queue, and another member's
 * upload waited on 503 server_busy. A member now has at most IMAGES_IN_FLIGHT_PER_MEMBER uploads
 * in hand; the rest are refused at once with 429, so the queue keeps room for everyone else.
 */
describe('each member’s fair share of the image queue', () => {
  // Two decode and two may wait: without the share, one member's six uploads fill all four.
  const world = testAppWithMembers({ environment: { IMAGE_QUEUE_LIMIT: '2' } });

  it(`refuses a member’s uploads beyond ${IMAGES_IN_FLIGHT_PER_MEMBER} in hand with 429, and another member’s upload gets through`, async () => {
    const [greedy, other] = await Promise.all([
      createMemberWithProfile(world.app),
      createMemberWithProfile(world.app),
    ]);
    const large = await png16(4000, 3000);
    const burst = Array.from({ length: 6 }, (_, index) =>
      sendForm(world.app, greedy.access, 'POST', '/api/posts/', { text: `Scan ${index}` }, large),
    );
    const theirs = sendForm(world.app, other.access, 'POST', '/api/posts/', { text: 'Mine' }, large);
    const responses = await Promise.all(burst);
    expect((await theirs).statusCode).toBe(201);

    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 429),
      String(statuses),
    ).toBe(true);
    // The six arrive within milliseconds and decoding one takes far longer: two are in hand.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(
      IMAGES_IN_FLIGHT_PER_MEMBER,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({
      code: 'images_in_progress',
      error: `Your other pictures are still being prepared (at most ${IMAGES_IN_FLIGHT_PER_MEMBER} at a time). Please wait until they are ready, then try again.`,
      fields: {
        image: `Your other pictures are still being prepared (at most ${IMAGES_IN_FLIGHT_PER_MEMBER} at a time). Please wait until they are ready, then try again.`,
      },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Once the member's uploads are done, the member may upload again.
    expect(
      (await sendForm(world.app, greedy.access, 'POST', '/api/posts/', { text: 'Later' }, await imageFile()))
        .statusCode,
    ).toBe(201);
  });
});

describe('per-member upload limit', () => {
  const world = testAppWithMembers({ environment: { RATE_LIMIT_SCALE: '1' } });

  it(`allows ${IMAGE_UPLOADS_PER_HOUR} images an hour per member across posts, gallery and photo, then 429`, async () => {
    const member = await createMemberWithProfile(world.app);
    const neighbour = await createMemberWithProfile(world.app);
    const picture = await imageFile();
    const targets = [
      () => sendForm(world.app, member.access, 'POST', '/api/posts/', { text: 'Picture' }, picture),
      () =>
        sendForm(
          world.app,
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
      world.app,
      member.access,
      'PUT',
      '/api/profile/',
      completeProfile(),
      await imageFile('photo'),
    );
    expect(photo.statusCode).toBe(429);
    // A post without a picture is not an upload, and other members are not affected.
    expect(
      (await sendForm(world.app, member.access, 'POST', '/api/posts/', { text: 'Words only' })).statusCode,
    ).toBe(201);
    expect(
      (await sendForm(world.app, neighbour.access, 'POST', '/api/posts/', { text: 'Mine' }, picture))
        .statusCode,
    ).toBe(201);
  });
});
