#!/bin/sh
# installBlog.sh SITE_NAME PORT DATABASE_HOST "TITLE"
set -e
site=$1 port=$2 database=$3 title=$4
apt-get install -y nginx php-fpm php-pgsql
mkdir -p "/var/www/$site"
printf '<?php $db = "%s"; $title = "%s"; ?>\n' "$database" "$title" > "/var/www/$site/config.php"
sed -i "s/listen 80 default_server;/listen $port default_server;/" /etc/nginx/sites-enabled/default
systemctl restart nginx
echo "$title is served on port $port"
