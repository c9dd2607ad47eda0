import { createFileRoute } from '@tanstack/react-router';
import { MusicAdminPage } from '../../features/music-admin/music-admin-page';

export const Route = createFileRoute('/admin/music')({
  component: MusicAdminPage,
});
