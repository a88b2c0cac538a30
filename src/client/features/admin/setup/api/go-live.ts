import { mutationOptions } from '@tanstack/react-query';
import { answerOf, setupClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import type { GoLiveResult } from '@/shared/admin-types';
import { DEMO_BANNER_ID, DEMO_BODY_ATTRIBUTE } from '@/shared/demo-banner';
import { SETUP_TEXTS } from '../texts';

/** POST /api/goLive (admin): a backup, then the demo data goes and the shop stops being a demo. */
export async function goLive(): Promise<GoLiveResult> {
  const answer = await apiCall(() => answerOf(setupClient.goLive.$post({ json: { confirm: true } })), SETUP_TEXTS.goLiveFailed);
  return answer.data;
}

/**
 * Going live: everything the admin shows (the dashboard, the guide, the lists) and the shop's
 * settings load again, the catalogue changes (meta: the phone's copy syncs the removed products),
 * and the demo banner and the room made for it leave the open page (the server and the worker stop adding it).
 */
export const goLiveMutation = () =>
  mutationOptions({
    mutationFn: goLive,
    onSuccess: async (_result, _input, _context, { client }) => {
      document.getElementById(DEMO_BANNER_ID)?.remove();
      document.body.removeAttribute(DEMO_BODY_ATTRIBUTE);
      await Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: shopSettingsQuery().queryKey })]);
    },
    meta: { changes: 'catalogue' },
  });
