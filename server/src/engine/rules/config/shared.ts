/** The config file's name, as the messages say it. */
export const config = '`filer-manifest.config.json`';
