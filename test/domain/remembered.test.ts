import { Remembered } from '../../src/domain/remembered';

describe('Remembered', () => {
  it('computes a key once, and forgets everything once full', () => {
    const computed: string[] = [];
    const square = new Remembered<number>(2);
    const get = (n: number) =>
      square.get(String(n), () => {
        computed.push(String(n));
        return n * n;
      });
    expect([get(2), get(2), get(3), get(3)]).toEqual([4, 4, 9, 9]);
    expect(computed).toEqual(['2', '3']);
    expect(get(4)).toBe(16);
    expect([get(4), get(2)]).toEqual([16, 4]);
    expect(computed).toEqual(['2', '3', '4', '2']);
  });
});
