import { sql, type Kysely } from 'kysely';

/**
 * The IM avatar as console-spec §3's avatar object (docs/console-shell.md "IM info"): a user keeps the object key
 * of a file in its store's media library, and every read (user info, the IM token) answers a URL signed afresh.
 * Until now the user kept the signed URL itself, which stopped loading 24 hours after it was signed.
 *
 * Existing avatars: a library URL (`…/v1/store/media/objects/get?key=store-1001%2F<md5>.png&…`) names its object
 * in the `key` parameter (api-contracts `objectKeyOfMediaUrl`); that key is kept when it is a file of the user's
 * own store. Any other value (an outside URL, another store's key, a file deleted since) is cleared: it cannot be
 * signed for the store, and the IM info dialog asks the merchant for an avatar again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_user add column avatar_object_key text;

    update store_user u
      set avatar_object_key = f.object_key
      from store_media_file f
      where u.avatar_url is not null and f.store_id = u.store_id
        and f.object_key = regexp_replace(substring(u.avatar_url from '[?&]key=([^&#]*)'), '%2F', '/', 'gi');

    alter table store_user drop column avatar_url;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_user add column avatar_url text;
    alter table store_user drop column avatar_object_key;
  `.execute(db);
}
