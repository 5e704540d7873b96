#!/bin/sh
# Dumps every database of the server into the target folder:
#   backupDatabase.sh ENGINE TARGET "DB1 DB2 ..."
engine="$1"
target="$2"
mkdir -p "$target"
for db in $3; do
  if [ "$engine" = mysql ]; then
    mysqldump "$db" > "$target/$db.sql"
  else
    sudo -u postgres pg_dump "$db" > "$target/$db.sql"
  fi
done
echo "backed up $3 in $target"
