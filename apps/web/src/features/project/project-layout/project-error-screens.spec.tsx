import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProjectCrashScreen, ProjectLoading } from './project-error-screens';

describe('project-level screens', () => {
  it('offers to try again after a crash', () => {
    const reset = vi.fn();
    render(<ProjectCrashScreen reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledOnce();
  });

  it('says what is loading', () => {
    render(<ProjectLoading />);
    expect(screen.getByRole('status').textContent).toBe('Loading project...');
  });
});
