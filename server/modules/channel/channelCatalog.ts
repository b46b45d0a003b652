import { toursByName } from '../../../src/domain/tourNames';
import { BadRequestError } from '../../errors';
import type { Catalogue } from './channelActor';
import type { CatalogueTour } from './channelCall.repository';

/**
 * The source and the tour a channel names must be the company's (not archived). The tour may go by its own name or
 * an other name, in any case. The messages do not repeat the names: a key of one company probing another's names
 * learns nothing from the answer.
 */
export function channelTour(catalogue: Catalogue, source: string, tour: string): CatalogueTour {
  if (!catalogue.sources.includes(source)) {
    throw new BadRequestError("source: not one of this company's sources (Settings › Sources)", 'UNKNOWN_SOURCE');
  }
  // Matched as imports match (one case folding for every path), so a name leads to the same tour everywhere.
  const found = toursByName(catalogue.tours).get(tour.toLowerCase());
  if (!found) throw new BadRequestError("tour: not one of this company's tours (Settings › Tours)", 'UNKNOWN_TOUR');
  return found;
}
