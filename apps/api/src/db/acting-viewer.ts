import { AsyncLocalStorage } from 'node:async_hooks';

/** A supporter acting for a member (decision 0047): whose account, and who is at the keyboard. */
export type ActingPair = { memberId: number; supporterId: number };

// Set around an acting request's handler (`serveRoute`) and an acting socket's frames, so the
// safeguarding rule applies to both people wherever it is asked for the member: no repository
// or service has to remember to pass the supporter along, and a new route cannot forget it.
const acting = new AsyncLocalStorage<ActingPair>();

/** Runs `work` as done by `pair`'s supporter for its member; without a pair, as it is. */
export const runActing = <T>(pair: ActingPair | undefined, work: () => T): T =>
  pair ? acting.run(pair, work) : work();

/**
 * The supporter acting for this viewer right now, if any: only for the member they act for, so a
 * rule asked from another member's side (whom to notify, whose receipt to send) stays theirs.
 */
export function supporterActingFor(viewerId: number): number | null {
  const pair = acting.getStore();
  return pair !== undefined && pair.memberId === viewerId ? pair.supporterId : null;
}

/**
 * The values of a prepared statement's viewer: `viewer` and `viewerSupporter`, the placeholder
 * `mayReachAt` adds beside a viewer placeholder (null when the member acts alone).
 */
export const viewerValues = (viewerId: number) => ({
  viewer: viewerId,
  viewerSupporter: supporterActingFor(viewerId),
});

/**
 * The columns of a row a member writes or changes: `helperId`, the supporter writing it for them
 * (decision 0047: the member sees "written with help"), when one is; nothing otherwise, so an
 * edit by the member keeps the mark a supporter's words left.
 */
export function writtenBy(memberId: number): { helperId?: number } {
  const supporter = supporterActingFor(memberId);
  return supporter === null ? {} : { helperId: supporter };
}

/** Whether the viewer is shown "written with help" on an item: only on their own, and only when a supporter wrote it. */
export const writtenWithHelpFor = (viewerId: number, item: { authorId: number; helperId: number | null }) =>
  item.authorId === viewerId && item.helperId !== null;
