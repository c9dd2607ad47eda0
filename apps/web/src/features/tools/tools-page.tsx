import { CircleAlert, LoaderCircle, ShieldCheck, X } from 'lucide-react';
import { useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { selectFiles } from './accepted-files';
import { FileDropzone } from './file-dropzone';
import { ProcessedImages } from './processed-images';
import { ProcessingStatus } from './processing-status';
import { SelectedFiles } from './selected-files';
import type { ToolId } from './tool-catalogue';
import { PROMISES, toolsPage } from './tools-content';
import { ToolsPanel } from './tools-panel';
import { useToolsSession } from './use-tools-session';

/** Spec §2 "Free image tools page": public, no account, and nothing leaves the visitor's browser. */
export function ToolsPage() {
  const { session, state } = useToolsSession();
  const toolsSection = useRef<HTMLDivElement>(null);
  const { files, processing } = state;

  const addFiles = (picked: File[]) => {
    const { accepted, refused } = selectFiles(picked, files.length + state.preparing);
    void session?.addFiles(accepted, refused);
  };
  const run = (tool: ToolId) => {
    if (!session) return;
    void session.run(tool);
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    toolsSection.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  };

  return (
    <div className="relative isolate">
      <title>Free Image Tools · Memoreel</title>
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-[28rem] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_12%,transparent),transparent)]"
      />
      <div className="mx-auto max-w-6xl px-4 pt-12 pb-20 sm:px-6 lg:pt-16">
        <header className="mx-auto max-w-2xl text-center">
          <Badge variant="soft">
            <ShieldCheck aria-hidden="true" />
            {toolsPage.badge}
          </Badge>
          <h1 className="mt-5 text-balance font-display font-medium text-4xl leading-[1.1] tracking-tight sm:text-5xl">
            {toolsPage.title}
          </h1>
          <p className="mt-4 text-pretty text-lg text-muted-foreground">{toolsPage.note}</p>
        </header>

        <div className="mt-10 grid items-start gap-6 lg:mt-14 lg:grid-cols-[1.15fr_1fr] lg:gap-8">
          <div className="min-w-0">
            <FileDropzone onFiles={addFiles} />
            {state.preparing > 0 && (
              <p className="mt-3 flex items-center gap-2 text-muted-foreground text-sm">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                {toolsPage.converting(state.preparing)}
              </p>
            )}
            {state.refused.length > 0 && (
              <Alert variant="destructive" className="mt-4">
                <CircleAlert aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <AlertTitle>{toolsPage.refusedTitle}</AlertTitle>
                  <AlertDescription>
                    <ul className="mt-1 space-y-1" data-testid="refused-files">
                      {state.refused.map((file, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered, and names may repeat
                        <li key={`${file.name}-${index}`} className="break-words">
                          <span className="font-medium text-foreground">{file.name}</span>: {file.message}
                        </li>
                      ))}
                    </ul>
                  </AlertDescription>
                </div>
                <button
                  type="button"
                  onClick={() => session?.dismissRefused()}
                  aria-label={toolsPage.dismiss}
                  className="-m-1 grid size-7 shrink-0 place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </Alert>
            )}
            {files.length === 0 && state.preparing === 0 && (
              <ul className="mt-6 space-y-3 px-1 text-muted-foreground text-sm">
                {PROMISES.map(({ icon: Icon, text }) => (
                  <li key={text} className="flex items-center gap-3">
                    <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    {text}
                  </li>
                ))}
              </ul>
            )}
            <SelectedFiles
              files={files}
              disabled={processing.active}
              onRemove={(id) => session?.removeFile(id)}
              onClear={() => session?.clearFiles()}
            />
          </div>
          <div ref={toolsSection} className="min-w-0 scroll-mt-20 space-y-4">
            <ToolsPanel
              hasFiles={files.length > 0}
              disabled={files.length === 0 || processing.active || !session}
              onRun={run}
            />
            <ProcessingStatus processing={processing} />
          </div>
        </div>

        <ProcessedImages
          results={state.results}
          failures={state.failures}
          processing={processing}
          onClear={() => session?.clearResults()}
        />
      </div>
    </div>
  );
}
