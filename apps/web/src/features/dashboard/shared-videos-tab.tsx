import { Share2 } from 'lucide-react';
import { TabEmptyState } from './tab-empty-state';

/** Loaded on first open (React.lazy); the sharing issue fills it. */
export default function SharedVideosTab() {
  return (
    <TabEmptyState icon={Share2} title="No shared videos yet">
      When someone shares a video with you, it will appear here.
    </TabEmptyState>
  );
}
