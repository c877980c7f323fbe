export const paymentKeys = {
  all: ['payments'] as const,
  sandbox: (id: string) => [...paymentKeys.all, 'sandbox', id] as const,
  createCheckout: () => [...paymentKeys.all, 'create-checkout'] as const,
};
