import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/project/$projectId/')({
  // Notification entries link to the bare project address; step 1 (add photos) is its front door.
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/project/$projectId/photos', params, replace: true });
  },
});
