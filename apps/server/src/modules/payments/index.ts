import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from './routes';

export { recordPayment, searchPaymentDesk, paymentViewByNumber } from './service';
export { PolicyPaymentViewRef } from './graphql';
export { type PaymentViewData, paymentViews } from './view';

/** The receipt and contract downloads; GraphQL fields register themselves on the schema builder. */
export async function paymentsPlugin(app: FastifyInstance) {
  await paymentRoutes(app);
}
