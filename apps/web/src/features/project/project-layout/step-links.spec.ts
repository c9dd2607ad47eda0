import { describe, expect, it } from 'vitest';
import { PROJECT_STEPS } from './project-steps';
import { stepLinkTexts } from './step-links';

describe('stepLinkTexts', () => {
  it("gives every step the spec's Back / Next texts (spec 2 §2)", () => {
    expect(PROJECT_STEPS.map((step) => stepLinkTexts(step.path))).toEqual([
      { back: undefined, next: 'Next: Sort Photos' },
      { back: 'Back to Add Photos', next: 'Next: Edit Photos' },
      { back: 'Back to Sort Photos', next: 'Next: Animate Photos' },
      { back: 'Back to Edit Photos', next: 'Next: Design Video' },
      { back: 'Back to Animate Photos', next: 'Next: Select Music' },
      { back: 'Back to Design Video', next: 'Next: Preview Video' },
      { back: 'Back to Select Music', next: 'Next: Share Video' },
      { back: 'Back to Preview Video', next: 'Next: Download Video' },
      { back: 'Back to Share Video', next: undefined },
    ]);
  });
});
