/**
 * How a CSV upload is read, in one place: the server's contact importer reads the whole file with these options
 * and the import dialog reads the header row with them, so the headers offered for mapping are exactly the keys
 * the server looks the mapping up by. Relaxed quoting keeps a quote inside an unquoted value as text; a row the
 * parser still cannot read is skipped (the importer reports it as a bad row), never the failure of the whole file.
 */
export const CSV_READ_OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_records_with_error: true,
} as const;
