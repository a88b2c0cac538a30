import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { myOrdersQuery } from '@/client/lib/queries/my-orders';
import { catalogueChanged } from '@/client/lib/query-client';
import { toast } from '@/client/lib/toast';
import { keptPhoneToken, rememberPhoneToken } from '@/client/stores/phone-tokens';
import type { Order, PhoneTokenAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { confirmPhoneCode } from '../api/confirm-phone-code';
import { orderQuery } from '../api/get-order';
import { sendPhoneCode } from '../api/send-phone-code';
import { verifyOrder } from '../api/verify-order';
import type { PhoneCallFailure } from '../lib/phone-call';

/**
 * - `send`: 'Send me a code';
 * - `code`: a code is on its way (or one sent before still works): the field, Confirm, and a new code;
 * - `token`: this device confirmed the phone already: the order is confirmed with it (again, after a refusal);
 * - `done`: confirmed; `shop`: no more codes (no SMS, or too many wrong ones): the shop will call.
 */
type Step = 'send' | 'code' | 'token' | 'done' | 'shop';
export type Notice = { text: string; tone: 'info' | 'error' | 'success' };

/** The 429s of `POST /phoneCodes` that mean a code already sent to the phone works: the field is shown for it. */
const CODE_ALREADY_SENT: string[] = [VERIFICATION_TEXTS.codeStillValid, VERIFICATION_TEXTS.phoneCodesPerPhone];

/** An order confirmed with the phone's token: its page shows the server's verified order, and its items are put aside. */
const verifyOrderMutation = () =>
  mutationOptions({
    mutationFn: ({ order, token }: { order: Order; token: string }) => verifyOrder(order._id, token),
    onSuccess: (answer, { order }, _result, { client }) => {
      client.setQueryData(orderQuery(order._id).queryKey, answer.order);
      void client.invalidateQueries({ queryKey: myOrdersQuery().queryKey });
      void client.invalidateQueries({ queryKey: ['device-orders'] });
      // The stock the shop shows moved.
      void catalogueChanged(client);
    },
  });

/** Seconds left until `until` (ms), ticking each second; 0 once it has passed or when there is none. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  // The tick's `now` may be from before `until` was set (the first render after an answer): never count from it.
  return until === null ? 0 : Math.max(0, Math.ceil((until - Math.max(now, Date.now())) / 1000));
}

export interface PhoneCheckOptions {
  phone: string;
  message?: string;
  order?: Order;
  doneText?: string;
  onConfirmed?(message: string): void;
}

/**
 * The phone check's state: its step, the server's words (`notice`), the wait it asked for, and its
 * calls (each a mutation, one at a time). `sent` counts the codes sent (each empties the field);
 * `focusCode` changes when the code's field is to take the focus.
 */
export function usePhoneCheck({ phone, message, order, doneText, onConfirmed }: PhoneCheckOptions) {
  const [step, setStep] = useState<Step>(() => (order && keptPhoneToken(phone) ? 'token' : 'send'));
  const [notice, setNotice] = useState<Notice | null>(message ? { text: message, tone: 'info' } : null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(waitUntil);
  const [sent, setSent] = useState(0);
  const [focusCode, setFocusCode] = useState(0);
  const sending = useMutation({ mutationFn: sendPhoneCode });
  const checking = useMutation({ mutationFn: confirmPhoneCode });
  const verifying = useMutation(verifyOrderMutation());

  const refused = (error: unknown) => {
    const failure = error as PhoneCallFailure;
    if (failure.retryAfter) setWaitUntil(Date.now() + failure.retryAfter * 1000);
    setNotice({ text: failure.message, tone: 'error' });
    return failure;
  };

  /** One call at a time: a second tap while one is on its way (before React re-renders) sends nothing. */
  const inFlight = useRef(false);
  const run = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    try {
      return await call();
    } finally {
      inFlight.current = false;
    }
  };

  const confirmed = (text: string, answer: string) => {
    setNotice({ text, tone: 'success' });
    setStep('done');
    onConfirmed?.(answer);
  };

  const confirmOrder = async (target: Order, token: string) => {
    try {
      const answer = await verifying.mutateAsync({ order: target, token });
      toast.success(answer.message, { id: `order-verified-${target._id}` });
      confirmed(answer.message, answer.message);
    } catch (error) {
      // A token for another phone than the order's is no use here: a code to the order's phone is.
      setStep(refused(error).status === 400 ? 'send' : 'token');
    }
  };

  const showCode = () => {
    setStep('code');
    setFocusCode((n) => n + 1);
  };

  const send = () =>
    run(async () => {
      try {
        setNotice({ text: (await sending.mutateAsync(phone)).message, tone: 'info' });
        setSent((n) => n + 1);
        showCode();
      } catch (error) {
        const failure = refused(error);
        // The shop sends no text messages: it will call instead.
        if (failure.status === 409) setStep('shop');
        else if (failure.status === 429 && CODE_ALREADY_SENT.includes(failure.message)) showCode();
      }
    });

  /** The code typed (its digits): true when the server refused it as wrong. */
  const confirmCode = (code: string) =>
    run(async () => {
      let answer: PhoneTokenAnswer;
      try {
        answer = await checking.mutateAsync({ phone, code });
        rememberPhoneToken(answer);
      } catch (error) {
        const failure = refused(error);
        // Too many wrong codes today: only the shop can confirm the order now.
        if (failure.message === VERIFICATION_TEXTS.codeWrongTooOften) setStep('shop');
        return failure.status === 400;
      }
      if (order) await confirmOrder(order, answer.phoneToken);
      else confirmed(doneText ?? answer.message, answer.message);
      return false;
    });

  const confirmWithKept = () =>
    run(async () => {
      const kept = keptPhoneToken(phone);
      if (order && kept) await confirmOrder(order, kept.token);
      else setStep('send');
    });

  const busy = sending.isPending || checking.isPending || verifying.isPending;
  return { step, notice, setNotice, busy, secondsLeft, sent, focusCode, send, confirmCode, confirmWithKept };
}
