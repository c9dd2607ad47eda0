import { describe, expect, it } from 'vitest';
import { AI_EDITING, cutoutSize, fitLongSide, usesUpscaler } from './ai-editing.js';
import { enhancedSize, photoEditAllowed, photoEditLevelFor } from './photo-edits.js';
import { PLANS, planFor, TIERS } from './plans.js';
import { VIDEO_TOO_LONG, videoLengthMessages, videoLengthOf, videoSecondsLimitFor } from './video-length.js';
import { estimatedVideoSeconds } from './video-settings.js';

describe('video length per plan (spec §9: 5 / 10 / 20 / 60 minutes)', () => {
  it.each([
    ['free', 300],
    ['remember', 600],
    ['honor', 1200],
    ['cherish', 3600],
  ] as const)('%s allows %i seconds', (tier, seconds) => {
    expect(videoSecondsLimitFor(tier)).toBe(seconds);
    expect(videoSecondsLimitFor(tier)).toBe(PLANS[tier].videoMinutes * 60);
  });

  it('measures the project with the same total as the cards and the Design step', () => {
    expect(videoLengthOf('free', 20, 3).seconds).toBe(estimatedVideoSeconds(20, 3));
  });

  it('is within the plan up to the limit exactly, and over it one step past', () => {
    expect(videoLengthOf('free', 100, 3)).toEqual({ seconds: 300, limitSeconds: 300, withinPlan: true });
    expect(videoLengthOf('free', 61, 5)).toEqual({ seconds: 305, limitSeconds: 300, withinPlan: false });
    expect(videoLengthOf('remember', 60, 10).withinPlan).toBe(true);
    expect(videoLengthOf('remember', 61, 10).withinPlan).toBe(false);
    expect(videoLengthOf('honor', 121, 10).withinPlan).toBe(false);
    expect(videoLengthOf('cherish', 360, 10).withinPlan).toBe(true);
    expect(videoLengthOf('cherish', 0, 3)).toMatchObject({ seconds: 0, withinPlan: true });
  });

  it('words the refusal with the length, the plan and the way out', () => {
    expect(VIDEO_TOO_LONG).toBe('VIDEO_TOO_LONG');
    expect(videoLengthMessages.tooLong('remember', 610)).toBe(
      'Your video is 10:10 long, but the Remember plan allows up to 10 minutes. Upgrade your project for a longer video, or use fewer photos or a shorter duration per photo.',
    );
    expect(videoLengthMessages.ofLimit('free', 150)).toBe('2:30 of 5:00 (FREE plan)');
    expect(videoLengthMessages.ofLimit('cherish', 3600)).toBe('60:00 of 60:00 (Cherish plan)');
  });
});

describe('AI editing per plan (decision 0028)', () => {
  it('FREE has none: neither Enhance nor Remove Background', () => {
    expect(photoEditLevelFor('free')).toBeNull();
    expect(photoEditAllowed('free', 'enhance')).toBe(false);
    expect(photoEditAllowed('free', 'remove-background')).toBe(false);
  });

  it('the paid plans run both at their own level', () => {
    expect(TIERS.map(photoEditLevelFor)).toEqual([null, 'basic', 'advanced', 'best']);
    for (const tier of ['remember', 'honor', 'cherish'] as const) {
      expect(photoEditAllowed(tier, 'enhance')).toBe(true);
      expect(photoEditAllowed(tier, 'remove-background')).toBe(true);
    }
  });

  it('each level gives more than the one below: result size or upscaler budget', () => {
    const { basic, advanced, best } = AI_EDITING;
    expect(basic.enhanceMaxLongSide).toBeLessThan(advanced.enhanceMaxLongSide);
    expect(basic.upscalerShare).toBeLessThan(advanced.upscalerShare);
    expect(advanced.upscalerShare).toBeLessThan(best.upscalerShare);
    expect(basic.cutoutMaxLongSide).toBeLessThan(advanced.cutoutMaxLongSide as number);
    expect(best.cutoutMaxLongSide).toBeNull();
  });

  it('enhances 2×, held to the level: a 1600×1200 photo is 2048 px at basic, 3200 at advanced and best', () => {
    expect(enhancedSize(1600, 1200, 'basic')).toEqual({ width: 2048, height: 1536 });
    expect(enhancedSize(1600, 1200, 'advanced')).toEqual({ width: 3200, height: 2400 });
    expect(enhancedSize(1600, 1200, 'best')).toEqual({ width: 3200, height: 2400 });
    // Never past 4096, never smaller than the photo.
    expect(enhancedSize(3000, 2000, 'best')).toEqual({ width: 4096, height: 2731 });
    expect(enhancedSize(5000, 3000, 'basic')).toEqual({ width: 5000, height: 3000 });
    expect(enhancedSize(200, 150, 'basic')).toEqual({ width: 400, height: 300 });
  });

  it('runs the AI upscaler on larger photos the higher the level', () => {
    const budget = 512 * 512;
    const photo = 400 * 300;
    expect(usesUpscaler(photo, 'basic', budget)).toBe(false);
    expect(usesUpscaler(photo, 'advanced', budget)).toBe(true);
    expect(usesUpscaler(800 * 600, 'advanced', budget)).toBe(false);
    expect(usesUpscaler(800 * 600, 'best', budget)).toBe(true);
  });

  it('cuts out at 2048 px (basic), 4096 px (advanced) or the full size (best)', () => {
    expect(cutoutSize(6000, 4000, 'basic')).toEqual({ width: 2048, height: 1365 });
    expect(cutoutSize(6000, 4000, 'advanced')).toEqual({ width: 4096, height: 2731 });
    expect(cutoutSize(6000, 4000, 'best')).toEqual({ width: 6000, height: 4000 });
    expect(cutoutSize(400, 300, 'basic')).toEqual({ width: 400, height: 300 });
    expect(fitLongSide(300, 4000, 2000)).toEqual({ width: 150, height: 2000 });
  });

  it('says so in the pricing table', () => {
    expect(planFor('free').features).toContain('No AI photo editing');
    expect(planFor('remember').features).toContain(AI_EDITING.basic.summary);
    expect(planFor('honor').features).toContain(AI_EDITING.advanced.summary);
    expect(planFor('cherish').features).toContain(AI_EDITING.best.summary);
  });
});
