import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemePicker } from './theme-picker';
import { ThemeProvider } from './theme-provider';
import { applyStoredTheme } from './themes';

/** Stands in for the operating system's dark-mode setting, which the page must follow live. */
function fakeSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => query as unknown as MediaQueryList);
  return {
    setDark(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

function renderPicker() {
  return render(
    <ThemeProvider>
      <ThemePicker />
    </ThemeProvider>,
  );
}

const html = document.documentElement;

/** What an earlier visit kept in storage. */
function storeChoice(theme: string, mode: string) {
  localStorage.setItem('app-theme', theme);
  localStorage.setItem('app-color-mode', mode);
}

/** The palette and the light or dark class on <html>. */
function expectPage(theme: string, mode: 'light' | 'dark') {
  expect(html.dataset.theme).toBe(theme);
  expect(html.classList.contains(mode)).toBe(true);
}

describe('theme', () => {
  it('starts on the blue theme, following the system', () => {
    fakeSystemScheme(false);
    renderPicker();

    expectPage('blue', 'light');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Blue' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'System' }).checked).toBe(true);
  });

  it('applies a chosen theme and mode and keeps them in app-theme and app-color-mode', () => {
    fakeSystemScheme(false);
    renderPicker();

    fireEvent.click(screen.getByRole('radio', { name: 'Rose' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));

    expectPage('rose', 'dark');
    expect(localStorage.getItem('app-theme')).toBe('rose');
    expect(localStorage.getItem('app-color-mode')).toBe('dark');
  });

  it('restores the stored choice on the next visit', () => {
    fakeSystemScheme(false);
    storeChoice('green', 'dark');
    renderPicker();

    expectPage('green', 'dark');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Green' }).checked).toBe(true);
  });

  it('follows the system colour scheme live in system mode', () => {
    const system = fakeSystemScheme(false);
    renderPicker();
    expect(html.classList.contains('dark')).toBe(false);

    act(() => system.setDark(true));
    expect(html.classList.contains('dark')).toBe(true);

    act(() => system.setDark(false));
    expect(html.classList.contains('light')).toBe(true);
  });

  it('ignores the system once a mode is picked', () => {
    const system = fakeSystemScheme(true);
    renderPicker();
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));

    act(() => system.setDark(true));
    expect(html.classList.contains('light')).toBe(true);
  });

  it('falls back to blue and system when the stored values are not ours', () => {
    fakeSystemScheme(true);
    storeChoice('purple', 'sepia');
    renderPicker();

    expectPage('blue', 'dark');
  });

  it('puts the stored theme on <html> before React renders', () => {
    fakeSystemScheme(false);
    storeChoice('violet', 'dark');

    applyStoredTheme();

    expectPage('violet', 'dark');
  });
});
