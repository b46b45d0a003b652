import { defaultCompanyName } from '../../src/domain/signup';

describe('defaultCompanyName: a sign-up that sent no company name', () => {
  it.each([
    ['ana@olas-tours.es', 'Olas Tours'],
    ['bookings@harbour_cruises.co.uk', 'Harbour Cruises'],
    ['ana@gmail.com', 'My company'],
    ['ana@GMAIL.com', 'My company'],
    ['guide@outlook.es', 'My company'],
    ['x@icloud.com', 'My company'],
    ['no-domain', 'My company'],
  ])('%s → %s', (email, name) => {
    expect(defaultCompanyName(email)).toBe(name);
  });
});
