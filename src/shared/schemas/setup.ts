import * as z from 'zod/mini';

/** `PATCH /api/setupGuide`: the owner's tick on the policies step. */
export const setupTicksSchema = z.object({ policiesDone: z.boolean() });

/** `POST /api/goLive`: the owner confirmed the demo data goes. */
export const goLiveSchema = z.object({ confirm: z.literal(true, { error: 'Confirm with confirm: true: the demo data will be removed.' }) });
