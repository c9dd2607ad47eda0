import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readSidebarExpanded, SIDEBAR_COOKIE, useSidebarExpanded } from './sidebar-state';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie under test
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
});

describe('sidebar state', () => {
  it('is expanded unless the cookie says collapsed', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded(`theme=dark; ${SIDEBAR_COOKIE}=collapsed`)).toBe(false);
    expect(readSidebarExpanded(`${SIDEBAR_COOKIE}=expanded`)).toBe(true);
  });

  it('toggles with Ctrl+B or Cmd+B and keeps the choice in the cookie', () => {
    const { result } = renderHook(() => useSidebarExpanded());
    expect(result.current.expanded).toBe(true);
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(result.current.expanded).toBe(false);
    expect(readSidebarExpanded()).toBe(false);
    act(() => void fireEvent.keyDown(window, { key: 'B', metaKey: true }));
    expect(result.current.expanded).toBe(true);
    expect(readSidebarExpanded()).toBe(true);
  });

  it('ignores B without a modifier', () => {
    const { result } = renderHook(() => useSidebarExpanded());
    act(() => void fireEvent.keyDown(window, { key: 'b' }));
    expect(result.current.expanded).toBe(true);
  });
});
