import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { filterTools, TOOL_CATEGORIES, type ToolCategory, type ToolId } from './tool-catalogue';
import { TOOL_ICONS, toolsPage } from './tools-content';

interface ToolsPanelProps {
  /** No files, or a run is active. */
  disabled: boolean;
  hasFiles: boolean;
  onRun: (tool: ToolId) => void;
}

/** "Available Tools": search by name, narrow by category, run a tool on every selected image. */
export function ToolsPanel({ disabled, hasFiles, onRun }: ToolsPanelProps) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ToolCategory | null>(null);
  const tools = filterTools(query, category);
  const hintId = useId();

  return (
    <Card>
      <CardHeader className="gap-4 pb-4">
        <CardTitle id="available-tools-title">{toolsPage.toolsTitle}</CardTitle>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={toolsPage.searchPlaceholder}
            aria-label={toolsPage.searchPlaceholder}
            className="pl-9"
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{toolsPage.categoriesLabel}</legend>
          {TOOL_CATEGORIES.map((name) => {
            const pressed = category === name;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={pressed}
                onClick={() => setCategory(pressed ? null : name)}
                className={cn(
                  'rounded-full border px-3 py-1 font-medium text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  pressed
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-input bg-background text-muted-foreground hover:bg-accent hover:text-foreground',
                )}
              >
                {name}
              </button>
            );
          })}
        </fieldset>
      </CardHeader>
      <CardContent>
        {!hasFiles && (
          <p id={hintId} className="mb-3 text-muted-foreground text-sm">
            {toolsPage.addImagesFirst}
          </p>
        )}
        {tools.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            {toolsPage.noTools}
          </p>
        ) : (
          <ul aria-labelledby="available-tools-title" className="grid grid-cols-2 gap-2">
            {tools.map((tool) => {
              const Icon = TOOL_ICONS[tool.id];
              return (
                <li key={tool.id}>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onRun(tool.id)}
                    aria-label={tool.name}
                    aria-describedby={hasFiles ? undefined : hintId}
                    className="group flex w-full items-center gap-2.5 rounded-xl border bg-background px-2.5 py-2.5 sm:gap-3 sm:px-3 text-left transition-colors hover:border-primary/40 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-border disabled:hover:bg-background"
                  >
                    <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary sm:size-9">
                      <Icon
                        aria-hidden="true"
                        className={cn('size-4', tool.id === 'rotate-180' && 'rotate-90')}
                      />
                    </span>
                    <span className="min-w-0">
                      <span className="block font-medium text-sm">{tool.name}</span>
                      <span className="hidden truncate text-muted-foreground text-xs sm:block">
                        {tool.description}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
