// 'Connect an assistant' (docs/decisions/0042): this deployment's MCP address, from the server's
// APP_ORIGIN (GET /api/config), with one-step installs for the editors that take a link, Claude
// Code's command, and a word for the assistants that add it as a custom connector. No token is
// pasted anywhere: the assistant sends the person here to sign in and allow it.
import type { UseQueryResult } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { PublicConfig } from '#common/types.ts';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { QueryState } from '#app/components/ui/query-state.tsx';
import { toast } from '#app/hooks/use-toast.ts';

/** The name the assistant lists the server under. */
const SERVER_NAME = 'agentmarket';

export const mcpUrlOf = (origin: string): string => `${origin}/mcp`;

/** VS Code's install link: its MCP server definition as URI-encoded JSON. */
export const vscodeInstallLink = (url: string): string =>
  `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: SERVER_NAME, type: 'http', url }))}`;

/** Cursor's install link: the server's configuration as base64 JSON (escaped: base64 may hold '+' and '='). */
export const cursorInstallLink = (url: string): string =>
  `cursor://anysphere.cursor-deeplink/mcp/install?name=${SERVER_NAME}&config=${encodeURIComponent(btoa(JSON.stringify({ url })))}`;

export const claudeCodeCommand = (url: string): string => `claude mcp add --transport http ${SERVER_NAME} ${url}`;

/** How long a Copy button says 'Copied' before it is Copy again. */
export const COPIED_FOR_MS = 2000;

/**
 * A value to copy: shown in full, wrapped anywhere (a phone's width cuts no part of it; one tap
 * selects it all, for copying by hand), with a Copy button beside it, or under it on a phone.
 */
function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div role="group" aria-labelledby={id} className="grid gap-1.5">
      <p id={id} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <code className="block min-h-11 min-w-0 flex-1 select-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-xs break-all text-slate-900">
          {value}
        </code>
        <Button
          variant="secondary"
          className="min-h-11 w-full shrink-0 sm:w-auto"
          aria-label={`Copy ${label}`}
          onClick={() => void copy()}
        >
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {copied ? `${label} copied` : ''}
      </span>
    </div>
  );
}

function Ways({ url }: { url: string }) {
  const link = buttonClass('secondary', 'md', 'min-h-11 w-full sm:w-auto');
  return (
    <div className="grid gap-5">
      <CopyField label="MCP server address" value={url} />
      <div className="grid gap-2">
        <p className="text-sm font-medium text-slate-800">Install in one step</p>
        <p className="text-sm text-slate-600">On a computer where the editor is installed: the link opens it.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a href={vscodeInstallLink(url)} className={link}>
            Open in VS Code (on your computer)
          </a>
          <a href={cursorInstallLink(url)} className={link}>
            Open in Cursor (on your computer)
          </a>
        </div>
      </div>
      <CopyField label="Claude Code command" value={claudeCodeCommand(url)} />
      <p className="text-sm text-slate-600">
        Claude and ChatGPT: add a custom connector with the MCP server address above.
      </p>
    </div>
  );
}

/** `config`: the server's public settings, whose `appOrigin` is where this deployment's /mcp lives. */
export function ConnectAssistant({ config }: { config: UseQueryResult<PublicConfig> }) {
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">Connect an assistant</h3>
      <p className="text-sm text-slate-600">
        There is no token to paste: the assistant opens AgentMarket in your browser, where you sign in and choose what
        it may do and spend.
      </p>
      <QueryState
        query={config}
        failed="The address could not be loaded. Please reload the page."
        look={{
          pending: 'h-40 rounded-lg',
          alert: 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800',
        }}
      >
        {(settings) =>
          // A copy saved by an older version of the app may lack it: say so rather than show a wrong address.
          settings.appOrigin ? (
            <Ways url={mcpUrlOf(settings.appOrigin)} />
          ) : (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              The address could not be loaded. Please reload the page.
            </p>
          )
        }
      </QueryState>
    </div>
  );
}
