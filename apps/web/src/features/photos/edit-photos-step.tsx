import {
  type AiEditingLevel,
  PHOTO_FILTER_LABELS,
  photoEditAllowed,
  photoEditLevelFor,
  photoEditMessages,
  photoMessages,
  photoWorkflowTexts,
  tierOf,
} from '@memoreel/domain';
import {
  Crown,
  Eraser,
  LoaderCircle,
  type LucideIcon,
  MoreHorizontal,
  SlidersHorizontal,
  Sparkles,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { StepLinks } from '../project/project-layout/step-links';
import { useProject } from '../project/queries';
import { UpgradeDialog } from '../upgrade/upgrade-dialog';
import { CaptionEditor, CaptionOverlay } from './caption-editor';
import { PhotoByPhoto } from './photo-by-photo';
import { clampIndex } from './photo-carousel';
import { PhotoEditDialog } from './photo-edit-dialog';
import type { PhotoEditKind } from './photo-edits-api';
import { PhotoFilterDialog } from './photo-filter-dialog';
import { PhotoImage } from './photo-image';
import { useDeletePhotos, usePhotos, useSetPhotoFilter } from './photo-queries';
import { PhotoStepPage } from './photo-step-page';
import { PhotoStrip } from './photo-strip';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';

const text = photosContent.edit;

/** Step 3 (spec 2 §2): one photo at a time, its filter, its AI edits, deleting it. */
export function EditPhotosStep({
  projectId,
  initialIndex = 0,
}: {
  projectId: string;
  initialIndex?: number;
}) {
  const photos = usePhotos(projectId);
  const project = useProject(projectId);
  const [wanted, setIndex] = useState(initialIndex);
  const [upgrading, setUpgrading] = useState(false);
  // Unknown while the project loads: the dialog opens, and the server still refuses a free project.
  const tier = project.data ? tierOf(project.data.product) : undefined;
  const level = tier ? photoEditLevelFor(tier) : undefined;
  // The service's own rule (FREE has no AI editing, spec §9): both lead to the upgrade there.
  const removeBackgroundIncluded = tier ? photoEditAllowed(tier, 'remove-background') : true;
  const enhanceIncluded = tier ? photoEditAllowed(tier, 'enhance') : true;
  const count = photos.data?.length ?? 0;
  const index = clampIndex(wanted, count);

  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      navigation={<StepLinks projectId={projectId} step="edit" />}
      footer={<PhotoStrip projectId={projectId} activeIndex={index} onSelect={setIndex} />}
    >
      <PhotoByPhoto photos={photos} index={index} onIndexChange={setIndex}>
        {(photo) => (
          <EditPhotoCard
            key={photo.id}
            projectId={projectId}
            photo={photo}
            removeBackgroundIncluded={removeBackgroundIncluded}
            enhanceIncluded={enhanceIncluded}
            level={level ?? null}
            onUpgrade={() => setUpgrading(true)}
          />
        )}
      </PhotoByPhoto>
      <UpgradeDialog
        projectId={projectId}
        open={upgrading}
        onOpenChange={setUpgrading}
        reason={photoEditMessages.upgradeRequired}
      />
    </PhotoStepPage>
  );
}

interface EditPhotoCardProps {
  projectId: string;
  photo: Photo;
  /** The project's plan includes Remove Background (spec 1's plan table: not on the free plan). */
  removeBackgroundIncluded: boolean;
  /** The project's plan has AI editing at all (FREE: none). */
  enhanceIncluded: boolean;
  /** The plan's AI editing level, shown in the dialogs; null while unknown or on FREE. */
  level: AiEditingLevel | null;
  onUpgrade: () => void;
}

function EditPhotoCard({
  projectId,
  photo,
  removeBackgroundIncluded,
  enhanceIncluded,
  level,
  onUpgrade,
}: EditPhotoCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [choosingFilter, setChoosingFilter] = useState(false);
  const [editing, setEditing] = useState<PhotoEditKind | null>(null);
  const remove = useDeletePhotos(projectId);
  const setFilter = useSetPhotoFilter(projectId);
  // The caption as typed, shown over the photo before it is saved.
  const [caption, setCaption] = useState(photo.caption);

  const deletePhoto = () =>
    remove.mutate([photo.id], {
      onSuccess: () => toast.success(photoMessages.photoRemoved),
      onError: () => {
        toast.error(photoMessages.removeFailed);
        setConfirming(false);
      },
    });

  return (
    <article aria-label={photo.originalName} className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <header className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
        <p className="min-w-0 truncate font-medium text-sm" title={photo.originalName}>
          {photo.originalName}
        </p>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-9" aria-label={text.menu}>
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem
              onSelect={() => setConfirming(true)}
              className="text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive"
            >
              <Trash2 aria-hidden="true" />
              {text.deletePhoto}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>
      <div className="relative grid aspect-[4/3] place-items-center bg-muted/60 sm:aspect-auto sm:h-[min(56vw,calc(100dvh-27rem),36rem)] sm:min-h-72">
        <PhotoImage
          photo={photo}
          size="carousel"
          className="absolute inset-0 bg-transparent"
          imageClassName="object-contain"
        />
        <CaptionOverlay draft={caption} />
        {photo.filter !== 'none' && (
          <span className="absolute top-3 left-3 rounded-full bg-black/60 px-2.5 py-1 font-medium text-white text-xs backdrop-blur-sm">
            {PHOTO_FILTER_LABELS[photo.filter]}
          </span>
        )}
        {confirming && (
          <div
            role="alertdialog"
            aria-modal="false"
            aria-labelledby="delete-photo-title"
            aria-describedby="delete-photo-body"
            className="absolute inset-0 grid place-items-center bg-background/85 p-6 backdrop-blur-sm animate-fade-in motion-reduce:animate-none"
          >
            <div className="max-w-xs text-center">
              <h2 id="delete-photo-title" className="font-display font-medium text-2xl">
                {photoWorkflowTexts.deletePhotoTitle}
              </h2>
              <p id="delete-photo-body" className="mt-1.5 text-muted-foreground text-sm">
                {photoWorkflowTexts.deletePhotoBody}
              </p>
              <div className="mt-5 flex justify-center gap-2">
                <Button
                  variant="outline"
                  onClick={() => setConfirming(false)}
                  disabled={remove.isPending}
                  autoFocus
                >
                  {text.cancel}
                </Button>
                <Button variant="destructive" onClick={deletePhoto} disabled={remove.isPending}>
                  {remove.isPending ? (
                    <>
                      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                      {photoWorkflowTexts.deleting}
                    </>
                  ) : (
                    text.delete
                  )}
                </Button>
              </div>
            </div>
          </div>
        )}
      </div>
      <footer className="flex flex-wrap items-center justify-center gap-2 p-4">
        <Button onClick={() => setChoosingFilter(true)}>
          <SlidersHorizontal aria-hidden="true" />
          {text.filters}
        </Button>
        <AiEditButton
          icon={Eraser}
          label={text.removeBackground}
          included={removeBackgroundIncluded}
          onClick={() => (removeBackgroundIncluded ? setEditing('REMOVE_BACKGROUND') : onUpgrade())}
        />
        <AiEditButton
          icon={Sparkles}
          label={text.enhance}
          included={enhanceIncluded}
          onClick={() => (enhanceIncluded ? setEditing('ENHANCE') : onUpgrade())}
        />
      </footer>
      <CaptionEditor projectId={projectId} photo={photo} onDraft={setCaption} />
      <PhotoFilterDialog
        photo={photo}
        open={choosingFilter}
        onOpenChange={setChoosingFilter}
        onPick={(filter) => {
          setChoosingFilter(false);
          if (filter !== photo.filter) setFilter.mutate({ id: photo.id, filter });
        }}
      />
      {(['REMOVE_BACKGROUND', 'ENHANCE'] as const).map((kind) => (
        <PhotoEditDialog
          key={kind}
          projectId={projectId}
          photo={photo}
          kind={kind}
          open={editing === kind}
          onOpenChange={(open) => setEditing(open ? kind : null)}
          onUpgradeRequired={onUpgrade}
          level={level}
        />
      ))}
    </article>
  );
}

/** An AI edit; a crown, and the upgrade badge for screen readers, when the plan does not include it. */
function AiEditButton({
  icon: Icon,
  label,
  included,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  included: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      onClick={onClick}
      aria-description={included ? undefined : photosContent.aiEdits.upgradeBadge}
    >
      <Icon aria-hidden="true" />
      {label}
      {!included && <Crown aria-hidden="true" className="text-primary" data-testid="upgrade-crown" />}
    </Button>
  );
}
