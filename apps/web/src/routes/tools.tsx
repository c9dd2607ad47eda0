import { createFileRoute } from '@tanstack/react-router';
import { ToolsPage } from '../features/tools/tools-page';

export const Route = createFileRoute('/tools')({
  component: ToolsPage,
});
