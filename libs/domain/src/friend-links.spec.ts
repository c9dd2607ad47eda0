import { describe, expect, it } from 'vitest';
import { FRIEND_LINK_PHOTOS_PER_HOUR, friendLinkHour } from './friend-links.js';

describe('friendLinkHour', () => {
  const start = new Date('2026-11-28T10:00:00Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

  it('starts an hour at the first photo', () => {
    expect(friendLinkHour(null, 0, start)).toEqual({
      startedAt: start,
      photos: 0,
      left: FRIEND_LINK_PHOTOS_PER_HOUR,
    });
  });

  it('counts within the hour, never below nothing left', () => {
    expect(friendLinkHour(start, 20, at(59))).toEqual({
      startedAt: start,
      photos: 20,
      left: FRIEND_LINK_PHOTOS_PER_HOUR - 20,
    });
    expect(friendLinkHour(start, FRIEND_LINK_PHOTOS_PER_HOUR + 5, at(30)).left).toBe(0);
  });

  it('starts afresh once the hour is over', () => {
    expect(friendLinkHour(start, FRIEND_LINK_PHOTOS_PER_HOUR, at(60))).toEqual({
      startedAt: at(60),
      photos: 0,
      left: FRIEND_LINK_PHOTOS_PER_HOUR,
    });
  });
});
