/** A discount code shoppers type at checkout (GET /promoCodes answers every one, in code order). */
export interface PromoCode {
  /** Upper case letters and digits, 3 to 40. */
  code: string;
  /** A whole percent, 1 to 100. */
  percent: number;
  /** Off: checkout refuses the code; orders already placed keep their discount. */
  active: boolean;
  createdAt: string;
}

/** Every change answers the server's message and the whole list as it now is. */
export interface PromoCodesAnswer {
  message: string;
  data: PromoCode[];
}
