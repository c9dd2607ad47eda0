import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { FullPageLoading } from './full-page-loading';

it('tells everyone, screen readers included, that the page is loading', () => {
  render(<FullPageLoading />);

  const status = screen.getByRole('status');
  expect(status.textContent).toBe('Loading...');
  expect(status.getAttribute('aria-live')).toBe('polite');
});
