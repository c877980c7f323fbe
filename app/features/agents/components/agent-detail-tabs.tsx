import { CheckCircle2, ExternalLink, VideoOff } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Agent } from '#common/types.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { featureList } from '#app/features/agents/lib/features.ts';
import { demoVideoUrl, videoHostName } from '#app/features/agents/lib/video.ts';
import { EARLY_TABS, nameTabInAddress } from '#app/lib/early-controls.ts';

export type DetailTab = 'description' | 'features' | 'video' | 'reviews';
const TABS: readonly string[] = ['description', 'features', 'video', 'reviews'] satisfies DetailTab[];
const isTab = (value: string | undefined): value is DetailTab => value !== undefined && TABS.includes(value);

function DescriptionTab({ agent }: { agent: Agent }) {
  const text = agent.longDescription?.trim() || agent.description;
  return (
    <div className="flex flex-col gap-4 text-slate-700">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line break-words leading-relaxed">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

function FeaturesTab({ agent }: { agent: Agent }) {
  const { items, placeholder } = featureList(agent.features);
  return (
    <>
      {placeholder && (
        <p className="mb-4 text-sm text-slate-500">
          The creator has not listed features yet. Agents like this one typically offer:
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((feature, i) => (
          <li key={i} className="flex items-start gap-3 rounded-lg bg-slate-50 p-3 text-slate-800">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            <span className="break-words">{feature}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function VideoTab({ agent }: { agent: Agent }) {
  const url = demoVideoUrl(agent.videoUrl);
  if (!url)
    return (
      <p className="flex items-center gap-3 text-slate-600">
        <VideoOff aria-hidden className="size-6 text-slate-400" /> No video available for this agent
      </p>
    );
  const host = videoHostName(url);
  return (
    <div className="flex flex-col items-start gap-3">
      <a
        href={url.href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2.5 font-medium text-white hover:bg-slate-700"
      >
        Watch the demo video <ExternalLink aria-hidden className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <p className="text-sm text-slate-600">
        {host
          ? `This video is hosted on ${host}; it opens there in a new tab, and ${host}'s own terms and cookies apply.`
          : `Opens ${url.hostname} in a new tab.`}
      </p>
    </div>
  );
}

/**
 * Description, Features, Demo Video and Reviews; the reviews panel comes from the page (ratings
 * feature). Every panel is in the server's HTML (the others hidden), so a tab tapped before the app
 * has started switches at once (app/lib/early-controls.ts, docs/decisions/0044), and the address
 * names it (#reviews): a page opened at that address shows that tab. As the app takes the tabs over
 * it takes the tab shown then (one chosen before it, or the address's), in the commit that hydrated
 * them, so nothing flashes back to Description.
 */
export function AgentDetailTabs({
  agent,
  value,
  onValueChange,
  reviewCount,
  reviews,
}: {
  agent: Agent;
  value: DetailTab;
  onValueChange: (tab: DetailTab) => void;
  reviewCount: number;
  reviews: ReactNode;
}) {
  const tabs = useRef<HTMLDivElement>(null);
  const first = useRef({ value, onValueChange });
  useLayoutEffect(() => {
    const shown = tabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.dataset.tab;
    const named = location.hash.slice(1);
    const taken = shown !== first.current.value && isTab(shown) ? shown : isTab(named) ? named : null;
    if (taken && taken !== first.current.value) first.current.onValueChange(taken);
  }, []);
  const choose = (tab: string) => {
    if (!isTab(tab)) return;
    onValueChange(tab);
    const list = tabs.current?.querySelector('[role="tablist"]');
    // As before the app: replaced once the tab is on screen, and Back leaves the page.
    if (list) nameTabInAddress(list, tab);
  };
  return (
    <div ref={tabs}>
      <Tabs value={value} onValueChange={choose} keepPanels>
        {/* Two rows of two on a phone, so no tab hides off-screen. */}
        <TabsList aria-label="Agent details" layoutClassName="grid grid-cols-2 sm:flex" {...EARLY_TABS}>
          <TabsTrigger value="description">Description</TabsTrigger>
          <TabsTrigger value="features">Features</TabsTrigger>
          <TabsTrigger value="video">Demo Video</TabsTrigger>
          <TabsTrigger value="reviews">Reviews ({reviewCount})</TabsTrigger>
        </TabsList>
        <TabsContent value="description">
          <DescriptionTab agent={agent} />
        </TabsContent>
        <TabsContent value="features">
          <FeaturesTab agent={agent} />
        </TabsContent>
        <TabsContent value="video">
          <VideoTab agent={agent} />
        </TabsContent>
        <TabsContent value="reviews">{reviews}</TabsContent>
      </Tabs>
    </div>
  );
}
