import type { PromoCode } from '../../../../../shared/types';

/** Every change answers the server's message and the whole list as it now is. */
export interface PromoCodesAnswer {
  message: string;
  data: PromoCode[];
}
