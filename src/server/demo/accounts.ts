/**
 * The demo shop's accounts. Their passwords are published (README), so every start checks whether
 * they still work (shop-basics.ts workingDemoAccounts) and prints them only while they do.
 */
export const DEMO_ADMIN = { fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh', password: 'nkuto-admin-2026' };
export const DEMO_CUSTOMER = { fullName: 'Ama Mensah', email: 'ama@example.com', password: 'nkuto-shopper-2026' };
