import {
  CARD_TEXT_LIMITS,
  type ClosingCard,
  newClosingCard,
  newOpeningCard,
  type OpeningCard,
} from '@memoreel/domain';
import { Clapperboard, Heart } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Switch } from '../../ui/switch';
import type { Photo } from '../photos/photos-api';
import { CardBackgroundField, CardFontField, CardSecondsField, CardTextField } from './card-fields';
import { videoStepsContent } from './design-content';
import { SaveStatus } from './save-status';
import { useAutosave } from './use-autosave';
import { saveVideoSettingsOnLeave, type VideoCards } from './video-settings-api';
import { useSaveVideoSettings } from './video-settings-queries';
import '@memoreel/video/fonts';

const text = videoStepsContent.design.cards;
/** Typing saves like the slider: after half a second of quiet, and on leave. */
const CARDS_SAVE_DEBOUNCE_MS = 500;

/** A card can be saved once it has words; until then the last saved version stays. */
const savable = (cards: VideoCards) =>
  (cards.opening === null || cards.opening.title.trim() !== '') &&
  (cards.closing === null || cards.closing.message.trim() !== '');

/**
 * Step 5's title and closing cards (issue 37): each switched on or off, its words with their
 * limits, its background (a colour or a photo) and its time; one typeface for both. Saved as typed.
 */
export function VideoCardsCard({
  projectId,
  projectName,
  stored,
  photos,
}: {
  projectId: string;
  projectName: string;
  stored: VideoCards;
  photos: readonly Photo[];
}) {
  const [cards, setCards] = useState<VideoCards>({
    opening: stored.opening,
    closing: stored.closing,
    font: stored.font,
  });
  const save = useSaveVideoSettings(projectId);
  const autosave = useAutosave<VideoCards>({
    delayMs: CARDS_SAVE_DEBOUNCE_MS,
    save: (value) =>
      save.mutateAsync(value).catch((error: unknown) => {
        toast.error(videoStepsContent.design.saveFailed, {
          description: error instanceof Error ? error.message : undefined,
        });
        throw error;
      }),
    saveOnLeave: (value) => saveVideoSettingsOnLeave(projectId, value),
  });
  const change = (next: VideoCards) => {
    setCards(next);
    if (savable(next)) autosave.schedule(next);
  };
  const setOpening = (opening: OpeningCard | null) => change({ ...cards, opening });
  const setClosing = (closing: ClosingCard | null) => change({ ...cards, closing });

  return (
    <Card className="overflow-hidden" data-testid="video-cards">
      <CardHeader className="gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:p-6">
        <div className="space-y-1.5">
          <CardTitle>{text.title}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <SaveStatus status={autosave.status} />
      </CardHeader>
      <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0 lg:grid-cols-2">
        <CardSection
          icon={<Clapperboard aria-hidden="true" className="size-5 shrink-0 text-primary" />}
          label={text.opening.label}
          hint={text.opening.hint}
          on={cards.opening !== null}
          onSwitch={(on) => setOpening(on ? newOpeningCard(projectName) : null)}
        >
          {cards.opening && <OpeningFields card={cards.opening} photos={photos} onChange={setOpening} />}
        </CardSection>
        <CardSection
          icon={<Heart aria-hidden="true" className="size-5 shrink-0 text-primary" />}
          label={text.closing.label}
          hint={text.closing.hint}
          on={cards.closing !== null}
          onSwitch={(on) => setClosing(on ? newClosingCard() : null)}
        >
          {cards.closing && (
            <>
              <CardTextField
                label={text.closing.message}
                value={cards.closing.message}
                limit={CARD_TEXT_LIMITS.message}
                placeholder={text.closing.messagePlaceholder}
                required
                onChange={(message) => cards.closing && setClosing({ ...cards.closing, message })}
              />
              <CardBackgroundField
                value={cards.closing.background}
                photos={photos}
                onChange={(background) => cards.closing && setClosing({ ...cards.closing, background })}
              />
              <CardSecondsField
                value={cards.closing.seconds}
                onChange={(seconds) => cards.closing && setClosing({ ...cards.closing, seconds })}
              />
            </>
          )}
        </CardSection>
        {(cards.opening || cards.closing) && (
          <div className="lg:col-span-2">
            <CardFontField value={cards.font} onChange={(font) => change({ ...cards, font })} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function OpeningFields({
  card,
  photos,
  onChange,
}: {
  card: OpeningCard;
  photos: readonly Photo[];
  onChange: (card: OpeningCard) => void;
}) {
  return (
    <>
      <CardTextField
        label={text.opening.title}
        value={card.title}
        limit={CARD_TEXT_LIMITS.title}
        placeholder={text.opening.titlePlaceholder}
        required
        onChange={(title) => onChange({ ...card, title })}
      />
      <CardTextField
        label={text.opening.subtitle}
        value={card.subtitle}
        limit={CARD_TEXT_LIMITS.subtitle}
        placeholder={text.opening.subtitlePlaceholder}
        onChange={(subtitle) => onChange({ ...card, subtitle })}
      />
      <CardBackgroundField
        value={card.background}
        photos={photos}
        onChange={(background) => onChange({ ...card, background })}
      />
      <CardSecondsField value={card.seconds} onChange={(seconds) => onChange({ ...card, seconds })} />
    </>
  );
}

/** One card: a switch with what it is, and its fields while it is on. */
function CardSection({
  icon,
  label,
  hint,
  on,
  onSwitch,
  children,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  on: boolean;
  onSwitch: (on: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className="space-y-4 rounded-lg border border-border/70 p-3 sm:p-4"
      aria-labelledby={`${id}-label`}
    >
      <div className="flex items-start gap-3">
        {icon}
        <div className="min-w-0 flex-1">
          <label id={`${id}-label`} htmlFor={id} className="block font-medium text-sm">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        </div>
        <Switch id={id} checked={on} onCheckedChange={onSwitch} aria-describedby={`${id}-hint`} />
      </div>
      {on && <div className="space-y-4">{children}</div>}
    </section>
  );
}
