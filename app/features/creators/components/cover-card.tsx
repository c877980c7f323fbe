import { useQueryClient } from '@tanstack/react-query';
import { COVER_SIZE, THUMBNAIL_SIZE } from '#common/creators.ts';
import type { Agent } from '#common/types.ts';
import { SideCard } from '#app/components/ui/side-card.tsx';
import { agentKeys, creatorKeys } from '#app/lib/query-keys.ts';
import { removeCover, uploadCover } from '#app/features/creators/api/upload-picture.ts';
import { scaleTo } from '#app/features/creators/lib/scale-image.ts';
import { PicturePicker } from './picture-picker';

/** The creator's cover upload on their agent's page (docs/decisions/0028). */
export function CoverCard({ agent }: { agent: Agent }) {
  const queryClient = useQueryClient();
  const changed = (patch: Pick<Agent, 'imageUrl' | 'thumbnailUrl'>) => {
    queryClient.setQueryData<Agent>(agentKeys.detail(agent.id), (old) => (old ? { ...old, ...patch } : old));
    void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    void queryClient.invalidateQueries({ queryKey: creatorKeys.all });
  };
  const uploaded = agent.imageUrl?.startsWith('/media/') ?? false;
  return (
    <SideCard id="cover" title="Cover picture">
      <div className="mt-3">
        <PicturePicker
          label="Upload a cover"
          hint="PNG, JPEG or WebP up to 2 MB; cropped to 16:10."
          hasPicture={uploaded}
          uploadedMessage="Cover updated"
          upload={async (file) => {
            const [cover, thumbnail] = await Promise.all([
              scaleTo(file, COVER_SIZE.width, COVER_SIZE.height),
              scaleTo(file, THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height),
            ]);
            changed(await uploadCover(agent.id, cover, thumbnail));
          }}
          remove={async () => changed(await removeCover(agent.id))}
        />
      </div>
    </SideCard>
  );
}
