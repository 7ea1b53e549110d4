import { formatDayMonthYear, localIsoDate, type IsoDate } from '@fhp/domain';

/** DD/MM/YYYY in America/Port_of_Spain (spec part 2 section 9: purchase and created dates). */
export const dayMonthYear = (iso: string) => formatDayMonthYear(localIsoDate(iso));
export const dayMonthYearOf = (date: IsoDate) => formatDayMonthYear(date);

