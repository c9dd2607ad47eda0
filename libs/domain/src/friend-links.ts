/**
 * Photos one friend link may take per hour, whatever the owner's plan leaves: a leaked link cannot
 * hold the project's whole quota, nor churn reservations without end.
 */
export const FRIEND_LINK_PHOTOS_PER_HOUR = 50;

export const friendLinkMessages = {
  hourlyLimit: `This link has taken its ${FRIEND_LINK_PHOTOS_PER_HOUR} photos for this hour. Try again in an hour.`,
} as const;

export const friendLinkErrorCodes = {
  hourlyLimit: 'FRIEND_LINK_HOURLY_LIMIT',
} as const;

const HOUR_MS = 3600 * 1000;

/**
 * The link's current hour: the one started at `startedAt` while it lasts, else a new one from
 * `now` with nothing counted (a fixed window from the first photo of each hour).
 */
export function friendLinkHour(
  startedAt: Date | null,
  photos: number,
  now: Date,
): { startedAt: Date; photos: number; left: number } {
  const current = startedAt !== null && now.getTime() - startedAt.getTime() < HOUR_MS;
  const counted = current ? photos : 0;
  return {
    startedAt: current ? startedAt : now,
    photos: counted,
    left: Math.max(0, FRIEND_LINK_PHOTOS_PER_HOUR - counted),
  };
}
