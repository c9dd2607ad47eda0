import {
  CARD_COLORS,
  CARD_FONT_IDS,
  CARD_FONTS,
  CARD_SECONDS,
  type CardBackground,
  type CardFont,
} from '@memoreel/domain';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Input } from '../../ui/input';
import { Slider } from '../../ui/slider';
import { PhotoImage } from '../photos/photo-image';
import type { Photo } from '../photos/photos-api';
import { ChoiceCards } from './choice-cards';
import { videoStepsContent } from './design-content';

const text = videoStepsContent.design.cards;

/** A card's line of words: a labelled input, its limit enforced as typed, a counter, and what is wrong. */
export function CardTextField({
  label,
  value,
  limit,
  placeholder,
  required = false,
  onChange,
}: {
  label: string;
  value: string;
  limit: number;
  placeholder: string;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const missing = required && value.trim() === '';
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        <span id={`${id}-count`} className="text-muted-foreground text-xs tabular-nums" aria-live="polite">
          {text.counter(value.length, limit)}
        </span>
      </div>
      <Input
        id={id}
        value={value}
        maxLength={limit}
        placeholder={placeholder}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-count ${id}-error` : `${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
      {missing && (
        <p id={`${id}-error`} className="text-destructive text-xs">
          {text.required}
        </p>
      )}
    </div>
  );
}

/** A card's time on screen: the slider of `CARD_SECONDS`, with its value. */
export function CardSecondsField({
  value,
  onChange,
}: {
  value: number;
  onChange: (seconds: number) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-sm">
          {text.seconds}
        </label>
        <output htmlFor={id} className="text-sm tabular-nums">
          {value.toFixed(1)} s
        </output>
      </div>
      <Slider
        id={id}
        limits={CARD_SECONDS}
        value={value}
        aria-valuetext={`${value} seconds`}
        onValueChange={onChange}
        className="h-2 w-full"
      />
    </div>
  );
}

/**
 * Behind a card: one of the colours, or one of the project's photos (shown blurred and darkened
 * in the video). Native radios in one group, so the arrow keys move through all of them.
 */
export function CardBackgroundField({
  value,
  photos,
  onChange,
}: {
  value: CardBackground;
  photos: readonly Photo[];
  onChange: (background: CardBackground) => void;
}) {
  const name = useId();
  const option = (checked: boolean) =>
    cn(
      'relative flex cursor-pointer items-center justify-center overflow-hidden rounded-md ring-offset-2 ring-offset-background has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
      checked ? 'ring-2 ring-primary' : 'ring-1 ring-border',
    );
  const withImages = photos.filter((photo) => photo.urls !== null);
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-sm">{text.background.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {CARD_COLORS.map((color) => {
          const checked = value.kind === 'color' && value.color === color;
          return (
            <label key={color} className={cn(option(checked), 'size-9')} style={{ backgroundColor: color }}>
              <input
                type="radio"
                name={name}
                checked={checked}
                onChange={() => onChange({ kind: 'color', color })}
                className="sr-only"
                aria-label={text.background.colors[color]}
              />
            </label>
          );
        })}
      </div>
      <p className="text-muted-foreground text-xs">{text.background.photo}</p>
      {withImages.length === 0 ? (
        <p className="text-muted-foreground text-xs">{text.background.noPhotos}</p>
      ) : (
        <div className="flex gap-2 overflow-x-auto pb-1">
          {withImages.map((photo) => {
            const checked = value.kind === 'photo' && value.photoId === photo.id;
            const index = photos.indexOf(photo);
            return (
              <label key={photo.id} className={cn(option(checked), 'size-14 shrink-0')}>
                <input
                  type="radio"
                  name={name}
                  checked={checked}
                  onChange={() => onChange({ kind: 'photo', photoId: photo.id })}
                  className="sr-only"
                  aria-label={text.background.choosePhoto(index)}
                />
                <PhotoImage photo={photo} size="grid" className="size-full object-cover" />
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/** The cards' typeface: each option shows its name in its own face. */
export function CardFontField({ value, onChange }: { value: CardFont; onChange: (font: CardFont) => void }) {
  return (
    <ChoiceCards
      legend={text.font.legend}
      value={value}
      onChange={onChange}
      columns="sm:grid-cols-3"
      choices={CARD_FONT_IDS.map((font) => {
        const { family, weight } = CARD_FONTS[font];
        return {
          value: font,
          content: (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  'block truncate',
                  font === 'script' ? 'text-3xl leading-9' : 'text-xl leading-9',
                )}
                style={{ fontFamily: `"${family}"`, fontWeight: weight }}
              >
                {text.font.sample}
              </span>
              <span className="block text-muted-foreground text-xs">{text.font.options[font]}</span>
            </>
          ),
        };
      })}
    />
  );
}
