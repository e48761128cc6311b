import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerFrameSchema } from '@juntos/domain';
import { connectChat, settle, type ChatClient } from '../test-support/chat-client';
import { createMemberWithProfile } from '../test-support/profiles';
import { createListeningTestApp, type TestApp } from '../test-support/test-app';
import type { LiveMessage } from './fan-out';

/**
 * Issue 33 (2): the socket contract binds the server too. Under NODE_ENV=test every frame the
 * gateway writes is parsed against `ServerFrameSchema`; a frame that breaks it is not sent and the
 * code that published it gets the error, so a test fails where the frame was built.
 */
describe('the frames the server sends', () => {
  let t: TestApp;
  let socket: ChatClient;
  let memberId: number;
  beforeAll(async () => {
    t = await createListeningTestApp();
    const member = await createMemberWithProfile(t.app);
    memberId = member.user.id;
    socket = await connectChat(t.app, member.access);
  });
  afterAll(async () => {
    await socket.close();
    await t.cleanup();
  });

  it('sends a frame that keeps the contract as it was published', async () => {
    await t.app.fanOut.publish(memberId, { type: 'status_update', user_id: 424_242, online: true });
    const frame = await socket.waitFor((received) => received.user_id === 424_242);
    expect(frame).toEqual({ type: 'status_update', user_id: 424_242, online: true });
    expect(ServerFrameSchema.safeParse(frame).success).toBe(true);
  });

  it('refuses to send a frame that breaks it, and tells the publisher', async () => {
    // What drift looks like: a field renamed on one side only.
    const drifted = { type: 'status_update', userId: 515_151, online: true } as unknown as LiveMessage;
    await expect(t.app.fanOut.publish(memberId, drifted)).rejects.toThrow(/breaks the socket contract/);
    const unknownType = { type: 'typing', user_id: 515_151 } as unknown as LiveMessage;
    await expect(t.app.fanOut.publish(memberId, unknownType)).rejects.toThrow(/breaks the socket contract/);
    await settle();
    expect(socket.frames.filter((frame) => frame.userId === 515_151 || frame.type === 'typing')).toEqual([]);
    // The socket stays open and in step.
    socket.send({ action: 'heartbeat' });
    await t.app.fanOut.publish(memberId, { type: 'notifications_changed' });
    await socket.waitFor((frame) => frame.type === 'notifications_changed');
  });
});
