#!/bin/sh
# installDatabase.sh ENGINE MAX_CONNECTIONS USER PASSWORD "DB1 DB2 ..."
set -e
engine=$1 max=$2 user=$3 password=$4 databases=$5

case "$engine" in
  postgresql)
    apt-get install -y postgresql
    conf=$(ls /etc/postgresql/*/main/postgresql.conf)
    sed -i "s/^#\?max_connections.*/max_connections = $max/" "$conf"
    sed -i "s/^#\?listen_addresses.*/listen_addresses = '*'/" "$conf"
    systemctl restart postgresql
    sudo -u postgres psql -c "CREATE ROLE \"$user\" LOGIN PASSWORD '$password'"
    for db in $databases; do
      sudo -u postgres createdb -O "$user" "$db"
    done
    ;;
  mysql)
    apt-get install -y default-mysql-server
    printf '[mysqld]\nbind-address = 0.0.0.0\nmax_connections = %s\n' "$max" \
      > /etc/mysql/conf.d/playground.cnf
    systemctl restart mysql
    mysql -e "CREATE USER '$user'@'%' IDENTIFIED BY '$password'"
    for db in $databases; do
      mysql -e "CREATE DATABASE \`$db\`; GRANT ALL ON \`$db\`.* TO '$user'@'%'"
    done
    ;;
esac
echo "$engine ready"
