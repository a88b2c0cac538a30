import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { FormTextField } from '@/client/components/form-text-field';
import { submitPaymentOtpSchema } from '@/shared/schemas/orders';
import type { PaymentFlow } from '../hooks/use-payment-flow';
import * as styles from './payment-panel.css';

/** The code the network asked for, with the rules the server checks. */
const otpFormSchema = z.object({ otp: submitPaymentOtpSchema.shape.otp });

/** The button's name: the end-to-end suite finds it by this text. */
export const SEND_CODE = 'Send code';

/**
 * 'Code or voucher' with Send code: the code the network asked for goes to the attempt. A refused
 * code is said at the field, which keeps what was typed; an accepted one empties it.
 */
export function OtpForm({ flow }: { flow: PaymentFlow }) {
  const { control, handleSubmit, setError, reset } = useForm({
    defaultValues: { otp: '' },
    resolver: zodResolver(otpFormSchema),
    // The error stays until the next Send code, as the server's refusal does.
    reValidateMode: 'onSubmit',
  });
  const send = handleSubmit(async ({ otp }) => {
    const refused = await flow.sendOtp(otp);
    if (refused) setError('otp', { type: 'server', message: refused });
    else reset();
  });
  return (
    <form className={styles.otpForm} onSubmit={(event) => void send(event)} noValidate>
      <FormTextField control={control} name="otp" id="checkout-otp" label="Code or voucher" autoComplete="one-time-code" />
      <button type="submit" className={button({ tone: 'primary' })} disabled={flow.step !== null}>
        {flow.step === 'otp' && <Busy />}
        {SEND_CODE}
      </button>
    </form>
  );
}
