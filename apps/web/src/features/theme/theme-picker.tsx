import { Monitor, Moon, Palette, Sun } from 'lucide-react';
import { type ToggleEvent, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { COLOR_MODES, type ColorMode, THEMES, type ThemeName } from './themes';
import { useTheme } from './use-theme';

const THEME_LABELS: Record<ThemeName, string> = {
  zinc: 'Zinc',
  blue: 'Blue',
  violet: 'Violet',
  rose: 'Rose',
  green: 'Green',
};
const COLOR_MODE_OPTIONS: Record<ColorMode, { label: string; icon: typeof Sun }> = {
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
  system: { label: 'System', icon: Monitor },
};

/**
 * Colour swatches and light/dark/system in a native popover: radios give arrow-key navigation,
 * the popover gives Escape, light dismiss and focus return, with no extra dependency.
 */
export function ThemePicker() {
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // Opening moves focus to the current choice, so arrow keys work at once.
  const focusCurrentChoice = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState === 'open') panel.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        popoverTarget={panelId}
        className="theme-picker-trigger"
        aria-label="Theme"
        title="Theme"
      >
        <Palette aria-hidden="true" />
      </Button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        onToggle={focusCurrentChoice}
        aria-label="Theme"
        role="dialog"
        className="theme-picker-panel w-80 max-w-[calc(100vw-2rem)] rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg"
      >
        <ThemeSwatches />
        <ColorModeChoice />
      </div>
    </>
  );
}

function ThemeSwatches() {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset>
      <legend className="mb-3 font-medium text-sm">Color</legend>
      <div className="grid grid-cols-5 gap-1">
        {THEMES.map((name) => (
          <label
            key={name}
            className="flex cursor-pointer flex-col items-center gap-1.5 text-muted-foreground text-xs"
          >
            <input
              type="radio"
              name="app-theme"
              value={name}
              checked={theme === name}
              onChange={() => setTheme(name)}
              // The swatch previews that theme's own primary colour (styles.css scopes palettes by data-theme).
              data-theme={name}
              className="size-8 cursor-pointer appearance-none rounded-full bg-primary shadow-inner ring-offset-2 ring-offset-popover transition-shadow checked:ring-2 checked:ring-foreground focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-4"
            />
            <span className={cn(theme === name && 'font-medium text-foreground')}>{THEME_LABELS[name]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ColorModeChoice() {
  const { colorMode, setColorMode } = useTheme();
  return (
    <fieldset className="mt-5">
      <legend className="mb-3 font-medium text-sm">Mode</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {COLOR_MODES.map((mode) => {
          const { label, icon: Icon } = COLOR_MODE_OPTIONS[mode];
          return (
            <label
              key={mode}
              className="relative flex items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-muted-foreground text-sm transition-colors has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              {/* The radio covers its whole segment, so a click anywhere on it chooses the mode. */}
              <input
                type="radio"
                name="app-color-mode"
                value={mode}
                checked={colorMode === mode}
                onChange={() => setColorMode(mode)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-md focus-visible:outline-none"
              />
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
