import { namedForField } from '../../server/lib/fieldMessage';

describe('a validation message names its field', () => {
  it.each([
    ['password', 'The password needs at least 8 characters', 'The password needs at least 8 characters'],
    ['newPassword', 'The new password needs at least 8 characters', 'The new password needs at least 8 characters'],
    ['onlyNoShows', 'Use true or false', 'onlyNoShows: Use true or false'],
    ['startDate', 'Use a date as yyyy-MM-dd', 'startDate: Use a date as yyyy-MM-dd'],
    ['bookingAfterEditServer/time', 'Use a time as HH:mm', 'Use a time as HH:mm'],
    [
      'customers/0',
      'Each entry holds exactly one customer type',
      'customers: Each entry holds exactly one customer type',
    ],
    [
      'day',
      'day: Invalid input: expected string, received number',
      'day: Invalid input: expected string, received number',
    ],
    ['', 'Invalid input', 'Invalid input'],
  ])('%p, %p → %p', (path, message, said) => {
    expect(namedForField(path, message)).toBe(said);
  });
});
