import { tierOf } from '@memoreel/domain';
import { useState } from 'react';
import { Skeleton } from '../../ui/skeleton';
import { InviteFriendsPanel } from '../friend-links/invite-friends-panel';
import { PendingPhotosPanel } from '../friend-links/pending-photos-panel';
import { StepLinks } from '../project/project-layout/step-links';
import { useProject } from '../project/queries';
import { UpgradeDialog } from '../upgrade/upgrade-dialog';
import { PhotoDropzone } from './photo-dropzone';
import { PhotoLimitDialog } from './photo-limit-dialog';
import { usePhotoQuota, usePhotos } from './photo-queries';
import { PhotoStepPage } from './photo-step-page';
import { photosContent } from './photos-content';
import { WhenPhotosLoaded } from './photos-load-states';
import { ProjectPhotosGrid } from './project-photos-grid';
import { QuotaBanner } from './quota-banner';
import type { UploadTransport } from './upload-photos';
import { UploadProgress } from './upload-progress';
import { usePhotoUpload } from './use-photo-upload';

const text = photosContent.addPhotos;

/** Step 1 (spec 2 §2): drop photos, watch them upload within the plan's quota, manage the grid. */
export function AddPhotosStep({ projectId, transport }: { projectId: string; transport?: UploadTransport }) {
  const project = useProject(projectId);
  const photos = usePhotos(projectId);
  const quota = usePhotoQuota(projectId);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const openUpgrade = () => setUpgradeOpen(true);
  const upload = usePhotoUpload(projectId, { openUpgrade, ...(transport ? { transport } : {}) });

  const tier = tierOf(project.data?.product);

  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      navigation={<StepLinks projectId={projectId} step="photos" showNext={Boolean(photos.data?.length)} />}
    >
      <WhenPhotosLoaded query={photos}>
        {(loaded) => (
          <>
            {quota.data ? (
              <QuotaBanner quota={quota.data} tier={tier} onUpgrade={openUpgrade} />
            ) : (
              <Skeleton className="h-[74px] w-full rounded-xl" />
            )}
            {upload.busy && upload.files.length > 0 ? (
              <UploadProgress files={upload.files} />
            ) : (
              <PhotoDropzone onFiles={upload.start} disabled={upload.busy} />
            )}
            <PendingPhotosPanel projectId={projectId} />
            <ProjectPhotosGrid projectId={projectId} photos={loaded} />
            <InviteFriendsPanel projectId={projectId} />
          </>
        )}
      </WhenPhotosLoaded>
      <PhotoLimitDialog
        partial={upload.partial}
        onConfirm={upload.confirmPartial}
        onCancel={upload.cancelPartial}
        onUpgrade={openUpgrade}
      />
      <UpgradeDialog projectId={projectId} open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </PhotoStepPage>
  );
}
