import { createFileRoute } from '@tanstack/react-router';
import { AdminDataPage } from '../../features/admin-data/admin-data-page';

export const Route = createFileRoute('/admin/data')({
  component: AdminDataPage,
});
