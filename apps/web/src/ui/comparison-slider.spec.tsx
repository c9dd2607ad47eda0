import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComparisonSlider } from './comparison-slider';

describe('the comparison slider', () => {
  it('starts in the middle and moves with the arrow, page, Home and End keys, within 0–100', () => {
    render(
      <ComparisonSlider
        before="blob:before"
        after="blob:after"
        label="beach.jpg"
        labels={{
          before: 'Before',
          after: 'After',
          divider: 'Comparison divider: drag or use the arrow keys',
        }}
      />,
    );
    const divider = screen.getByRole('slider', { name: 'Comparison divider: drag or use the arrow keys' });
    const value = () => divider.getAttribute('aria-valuenow');
    expect(value()).toBe('50');
    fireEvent.keyDown(divider, { key: 'ArrowLeft' });
    expect(value()).toBe('48');
    fireEvent.keyDown(divider, { key: 'PageUp' });
    expect(value()).toBe('58');
    fireEvent.keyDown(divider, { key: 'End' });
    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    expect(value()).toBe('100');
    fireEvent.keyDown(divider, { key: 'Home' });
    expect(value()).toBe('0');
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'beach.jpg, before' }).style.clipPath).toBe('inset(0 100% 0 0)');
  });
});
