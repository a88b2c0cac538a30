import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { detectMomoNetwork, type MomoNetwork } from '@/shared/momo';
import type { WalletValues } from '../components/wallet-fields';
import { walletSchema } from '../lib/checkout-read';

/** The wallet's rules, on the fields as typed (the network not chosen yet: ''). */
const retrySchema = z.object({ momoPhone: walletSchema.shape.momoPhone, momoNetwork: z.pipe(z.custom<MomoNetwork | ''>(), walletSchema.shape.momoNetwork) });

/**
 * The wallet an ended attempt is tried again on: the one it went to, changeable (the same rules as
 * the checkout's). A number typed picks the network its prefix belongs to. `retry` charges the same
 * order again, to the wallet as it now stands; a refused wallet is said at its fields.
 */
export function useRetryWallet(payment: PendingPayment) {
  const form = useForm<WalletValues, unknown, z.output<typeof retrySchema>>({
    defaultValues: { momoPhone: payment.wallet?.phone ?? '', momoNetwork: payment.wallet?.network ?? '' },
    resolver: zodResolver(retrySchema),
    // The errors stay until the next Try again.
    reValidateMode: 'onSubmit',
  });
  const { control, watch, setValue, handleSubmit } = form;
  const network = useController({ control, name: 'momoNetwork' });

  useEffect(() => {
    const typing = watch((values, { name, type }) => {
      const found = name === 'momoPhone' && type === 'change' ? detectMomoNetwork(values.momoPhone ?? '') : undefined;
      if (found) setValue('momoNetwork', found);
    });
    return () => typing.unsubscribe();
  }, [watch, setValue]);

  const retry = handleSubmit(({ momoPhone, momoNetwork }) => {
    useCheckout.getState().updatePayment({ wallet: { phone: momoPhone, network: momoNetwork }, charge: null, chargeError: null, state: 'awaiting' });
  });

  /** What WalletFields binds. */
  const walletProps = {
    control,
    network: { value: network.field.value, onChange: network.field.onChange, error: network.fieldState.error?.message },
    networkRef: network.field.ref,
    onUse: (number: string) => {
      setValue('momoPhone', number);
      const found = detectMomoNetwork(number);
      if (found) setValue('momoNetwork', found);
    },
  };
  return { walletProps, retry };
}
