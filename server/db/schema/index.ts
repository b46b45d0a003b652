// The database's tables, one file per part of the product; Drizzle and drizzle-kit read them all from here.
export * from './bookings';
export * from './companies';
export * from './members';
export * from './slots';
export * from './timetable';
export * from './events';
export * from './idempotency';
export * from './apiKeys';
export * from './imports';
