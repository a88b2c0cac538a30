import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { DeliveryOption } from '@/shared/delivery';
import type { ChangeAnswer } from '@/shared/types';
import { deliveryOptionsQuery } from '../api/get-delivery-options';
import { updateDeliveryOptionMutation } from '../api/update-delivery-option';
import { DELIVERY_SETTINGS_TEXTS as TEXTS } from '../texts';

/** A list control whose focus is put back after a change: `${option id}:${control}`, or the add button / the title. */
export type Control = 'up' | 'down' | 'active' | 'edit' | 'delete';
export type ControlKey = `${string}:${Control}` | 'add' | 'title';

/** A call of the list (one at a time: each answers the whole list). */
export type ListCall = { id: string; action: 'up' | 'down' | 'active' | 'delete' };

/** The list's calls in the mutation cache: one at a time, each answering the whole list. */
const LIST_CALL = ['admin', 'delivery-options', 'list-call'] as const;

/**
 * The list's calls, one at a time: which one is out (the mutation's own state), whether one is out
 * right now (the cache, read at once: a second tap in the same moment is refused), and `run`, which
 * toasts its message either way.
 */
export function useListCalls() {
  const queryClient = useQueryClient();
  const listCall = useMutation({
    mutationKey: LIST_CALL,
    mutationFn: ({ call }: { next: ListCall; call: () => Promise<ChangeAnswer<DeliveryOption[]>> }) => call(),
  });
  const busy = listCall.isPending ? listCall.variables.next : null;
  const isBusy = () => queryClient.isMutating({ mutationKey: LIST_CALL }) > 0;
  /** Runs one call of the list; its message is toasted either way. Answers whether it went through. */
  const run = async (next: ListCall, call: () => Promise<ChangeAnswer<DeliveryOption[]>>, fallback: string): Promise<boolean> => {
    try {
      const answer = await listCall.mutateAsync({ next, call });
      toast.success(answer.message);
      return true;
    } catch (caught) {
      const failure = await toApiFailure(caught, fallback);
      toast.error(failure.message);
      // Changed meanwhile (deleted, or the list is not the one shown): read it again.
      if (failure.status === 404 || failure.status === 400) void queryClient.invalidateQueries({ queryKey: deliveryOptionsQuery().queryKey });
      return false;
    }
  };
  return { busy, isBusy, run };
}

/** An option switched on or off: its switch shows the new state at once; a refusal puts it back. */
export function useActiveSwitch(options: DeliveryOption[], { isBusy, run }: Pick<ReturnType<typeof useListCalls>, 'isBusy' | 'run'>) {
  const update = useMutation(updateDeliveryOptionMutation());
  // The switch shows its new state at once; once the list answered is shown (a new array), it shows that.
  const [flipped, setFlipped] = useState<{ list: DeliveryOption[]; id: string; active: boolean } | null>(null);
  const switchActive = async (option: DeliveryOption, active: boolean) => {
    if (isBusy()) return;
    setFlipped({ list: options, id: option._id, active });
    const saved = await run({ id: option._id, action: 'active' }, () => update.mutateAsync({ id: option._id, changes: { active } }), TEXTS.saveFailed);
    if (!saved) setFlipped(null);
  };
  return {
    shownActive: (option: DeliveryOption) => (flipped && flipped.list === options && flipped.id === option._id ? flipped.active : option.active),
    switchActive,
  };
}

/**
 * The list's controls by key, and where the focus goes next: the first of `keys` that is there and
 * enabled, once the list shown is no longer `until` (a move re-renders the list, and the moved button with it).
 */
export function useListFocus(options: DeliveryOption[], titleRef: RefObject<HTMLHeadingElement | null>) {
  const controls = useRef(new Map<ControlKey, HTMLElement | null>());
  const nextFocus = useRef<{ keys: ControlKey[]; until?: DeliveryOption[] } | null>(null);
  useEffect(() => {
    const next = nextFocus.current;
    if (!next || next.until === options) return;
    nextFocus.current = null;
    const target = next.keys
      .map((key) => (key === 'title' ? titleRef.current : controls.current.get(key)))
      .find((element) => element && !(element as HTMLButtonElement).disabled);
    target?.focus();
  });
  const refFor = (key: ControlKey) => (element: HTMLElement | null) => {
    controls.current.set(key, element);
  };
  const focusLater = (keys: ControlKey[], until?: DeliveryOption[]) => {
    nextFocus.current = { keys, until };
  };
  return { refFor, focusLater };
}
