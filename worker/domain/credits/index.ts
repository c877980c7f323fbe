// Money, in one module (docs/decisions/0039): people's credits and their ledger, creators' earnings,
// payouts and purchases. This file is what the rest of the worker may use; everything that writes a
// money table is behind it, each balance change with its ledger row in one D1 batch.
export { createAccount } from './accounts';
export { claimNotices, levelsReached, spentThisMonth, type Budget } from './budgets';
export { earningsFigures, getEarnings } from './earnings';
export {
  chargeOnce,
  debitOnce,
  findDebit,
  getBalance,
  listTransactions,
  moveEarningsToCredits,
  refundTry,
  topUpToMinimum,
  type DebitRecord,
} from './ledger';
export {
  applyPayoutState,
  findPayout,
  getPayoutAccount,
  listPayouts,
  reservePayout,
  savePayoutAccount,
  setTransferId,
  toPayout,
  updatePayoutAccount,
  type PayoutAccount,
  type PayoutRecord,
} from './payouts';
export { completePurchase, createCheckoutSession, expireCheckoutSession, getCheckoutSession } from './purchases';
export { agentReference } from './reference';
